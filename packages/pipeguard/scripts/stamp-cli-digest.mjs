// After tsup: writes into the bin (dist/cli.cjs) the SHA-256 of the CLI as built (dist/cli-main.cjs), which
// names its V8 code cache: a new build's cache never has an older build's name, and a start computes no
// hash. `node scripts/stamp-cli-digest.mjs [DIST]`; the build then runs the bin once to write the cache.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLACEHOLDER = /cli-main-digest:[0-9a-f-]+/;
const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const digest = createHash('sha256')
  .update(readFileSync(join(dist, 'cli-main.cjs')))
  .digest('hex');
const bin = join(dist, 'cli.cjs');
const source = readFileSync(bin, 'utf8');
if (!PLACEHOLDER.test(source)) throw new Error(`${bin} has no cli-main-digest: to stamp`);
writeFileSync(bin, source.replace(PLACEHOLDER, `cli-main-digest:${digest}`));
