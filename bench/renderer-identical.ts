import { createHash } from 'node:crypto';
import { nodeByteOps } from '@pipeguard/shared';
import { SourceOffsetMap } from '@pipeguard/shared/core';
import { MiB } from './lib/inputs';
import { loadRendererCores, repeatedRecordings } from './lib/renderer-builds';

/**
 * `pnpm exec tsx bench/renderer-identical.ts <MiB> <name>=<a build's dist directory>…`: each committed recording
 * repeated to `MiB` through the renderer's core of each built `dist` (its `core.js`), written whole and in
 * 64 KiB, 4,093-, 1,000- and 97-byte writes; prints the output's sha1, the stats and four source offsets per
 * case, and whether every build gives the same. A speed change must leave them all the same.
 */
const [SIZE_ARG, ...SPECS] = process.argv.slice(2);
const size = Number(SIZE_ARG ?? 3) * MiB;
const builds = await loadRendererCores(SPECS);
let differing = 0;
for (const { name, cols, rows, input } of repeatedRecordings(size)) {
  for (const writeBytes of [size, 64 * 1024, 4093, 1000, 97]) {
    const keys = builds.map(([, Core]) => {
      const core = new Core({ cols, maxLiveLines: rows }, nodeByteOps, new SourceOffsetMap());
      const hash = createHash('sha1');
      const emit = (piece: Uint8Array) => hash.update(piece);
      // A fresh copy per write: the core may keep nothing of a write's memory past it.
      for (let at = 0; at < input.length; at += writeBytes)
        core.write(Uint8Array.from(input.subarray(at, at + writeBytes)), emit);
      core.end(emit);
      const offsets = [0, 1000, 50_000, 200_000].map((offset) => core.sourceOffsetOf(offset));
      return `${hash.digest('hex').slice(0, 16)} ${JSON.stringify(core.stats)} ${offsets.join(',')}`;
    });
    const same = keys.every((key) => key === keys[0]);
    if (!same) differing++;
    console.log(`${name} writes of ${writeBytes}: ${same ? 'same' : 'DIFFERENT'} ${keys.join(' | ')}`);
  }
}
console.log(differing === 0 ? 'every case the same' : `${differing} cases differ`);
if (differing > 0) process.exitCode = 1;
