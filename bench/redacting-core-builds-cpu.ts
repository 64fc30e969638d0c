import type { SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { nodeByteOps } from '@pipeguard/shared';
import { chunksOf, redactorCleanText } from './lib/inputs';

/**
 * `pnpm exec tsx bench/redacting-core-builds-cpu.ts <rounds> <name>=<a build's dist directory>…`: the
 * redactor's core of each built `dist` (its `core.js`) alone on the 1.4 MB of clean `git log -p` in 64 KiB
 * writes, builds alternated in one process, the minimum and median CPU time (`process.cpuUsage`) of 5
 * passes per round. Built code only, each build in a named slot: a dist copied for the slot must sit where
 * its imports resolve (under a `node_modules` of the workspace).
 */
const [ROUNDS_ARG, ...SPECS] = process.argv.slice(2);
const rounds = Number(ROUNDS_ARG ?? 20);
const PASSES = 5;
const clean = redactorCleanText();
const chunks = chunksOf(clean);
const latin1 = (bytes: Uint8Array): string => Buffer.prototype.latin1Slice.call(bytes, 0, bytes.length);
type Core = typeof SecretRedactorCore;
const builds: [string, Core][] = [];
for (const spec of SPECS) {
  const [name, dist] = spec.split('=') as [string, string];
  builds.push([name, ((await import(`${dist}/core.js`)) as { SecretRedactorCore: Core }).SecretRedactorCore]);
}
const times = new Map<string, number[]>(builds.map(([name]) => [name, []]));
let emitted = 0;
for (let round = -1; round < rounds; round++)
  for (const [name, Core] of round % 2 === 0 ? builds : [...builds].reverse()) {
    const start = process.cpuUsage();
    for (let pass = 0; pass < PASSES; pass++) {
      const core = new Core({ byteOps: nodeByteOps, latin1 });
      for (const chunk of chunks)
        core.write(chunk, (bytes) => {
          emitted += bytes.length;
        });
      core.end(() => {});
    }
    const used = process.cpuUsage(start);
    if (round >= 0) times.get(name)?.push((used.user + used.system) / 1000 / PASSES);
  }
if (emitted !== (rounds + 1) * builds.length * PASSES * clean.length)
  throw new Error('output length differs');
console.log(`Node ${process.version}, ${clean.length} bytes in 64 KiB writes, ${rounds} alternated rounds`);
for (const [name, values] of times) {
  const sorted = [...values].sort((a, b) => a - b);
  const least = sorted[0] as number;
  const median = sorted[sorted.length >> 1] as number;
  console.log(
    `${name}: min ${least.toFixed(2)} ms (${((least * 1e6) / clean.length).toFixed(2)} ns/B), median ${median.toFixed(2)} ms`,
  );
}
