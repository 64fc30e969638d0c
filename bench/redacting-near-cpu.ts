import { pipeline } from 'node:stream/promises';
import { SecretRedactor } from '@pipeguard/secret-redactor';
import { nearMisses } from '../packages/secret-redactor/test/secret-samples';
import { countingSink } from './lib/counting-sink';
import { chunksOf, streamOf } from './lib/inputs';
import { cleanText } from './redacting.bench';

/**
 * `pnpm exec tsx bench/redacting-near-cpu.ts [rounds]`: the near-miss group of redacting.bench.ts (2 MB of
 * near-misses on one line against 2 MB of clean `git log -p`, each through a `SecretRedactor` stream in
 * 64 KiB chunks) in CPU time (`process.cpuUsage`), the minimum over alternated rounds, and the ratio the
 * target bounds (near-misses' time over the clean text's, at most 2×).
 * `PIPEGUARD_REDACTOR_BUILDS=<name>=<dist/index.js>,…` alternates other builds' `SecretRedactor` too.
 */
type Redactor = typeof SecretRedactor;
const builds: [string, Redactor][] = [['this build', SecretRedactor]];
for (const spec of (process.env.PIPEGUARD_REDACTOR_BUILDS ?? '').split(',').filter(Boolean)) {
  const [name, path] = spec.split('=') as [string, string];
  builds.push([name, ((await import(path)) as { SecretRedactor: Redactor }).SecretRedactor]);
}
const inputs = {
  clean: chunksOf(Buffer.concat([cleanText(), cleanText()]).subarray(0, 2_000_000)),
  near: chunksOf(nearMisses(2_000_000)),
};

async function redactChunks(Stage: Redactor, chunks: Buffer[]): Promise<number> {
  const sink = countingSink('node:stream');
  await pipeline(streamOf(chunks), new Stage(), sink);
  return sink.bytes;
}

const best = new Map<string, number>();
const rounds = Number(process.argv[2] ?? 10);
for (let round = -1; round < rounds; round++)
  for (const [name, Stage] of round % 2 === 0 ? builds : [...builds].reverse())
    for (const [input, chunks] of Object.entries(inputs)) {
      const start = process.cpuUsage();
      await redactChunks(Stage, chunks);
      const used = process.cpuUsage(start);
      const key = `${name}, ${input}`;
      if (round >= 0)
        best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1000));
    }
console.log(`Node ${process.version}, 2000000 bytes each, min CPU time of ${rounds} alternated rounds`);
for (const [name] of builds) {
  const clean = best.get(`${name}, clean`) as number;
  const near = best.get(`${name}, near`) as number;
  console.log(
    `${name}: clean ${clean.toFixed(2)} ms, near-misses ${near.toFixed(2)} ms, near-misses / clean ${(near / clean).toFixed(2)}×`,
  );
}
