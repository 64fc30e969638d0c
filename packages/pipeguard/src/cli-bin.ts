#!/usr/bin/env node
import { runCli } from './code-cache';

// The bin: the CLI itself is cli-main.cjs, compiled with its code cache. The build writes the digest of
// cli-main.cjs in place of the dash (scripts/stamp-cli-digest.mjs): the cache's name. The CLI's require
// is this file's (the same directory): node:module's createRequire would load Node's ES module loader.
runCli(__dirname, require, 'cli-main-digest:-');
