#!/usr/bin/env node
import { installCodeCache } from './code-cache';

// The bin: the CLI itself is cli-main.cjs and its chunks, compiled with their code caches.
installCodeCache(__dirname);
require('./cli-main.cjs');
