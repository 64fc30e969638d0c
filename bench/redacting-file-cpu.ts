import { createReadStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SecretRedactor } from '@pipeguard/secret-redactor';
import { countingSink } from './lib/counting-sink';
import { CHUNK_BYTES, MiB } from './lib/inputs';
import { removeTempFile, writeTempFile } from './lib/temp-file';
import { cleanText } from './redacting.bench';

/**
 * `pnpm exec tsx bench/redacting-file-cpu.ts [rounds]`: the first group of redacting.bench.ts (secret-free
 * `git log -p` read from a 64 MiB file) with `PassThrough` and `SecretRedactor` alternated in one process,
 * the median wall time and CPU time (`process.cpuUsage`, every thread) of each, and their ratios. On a
 * loaded machine wall time swings; CPU time of the same work does not, so both are reported side by side.
 * `PIPEGUARD_REDACTOR_BASELINE=<another build's dist/index.js>,…` alternates those builds' `SecretRedactor` too.
 */
const rounds = Number(process.argv[2] ?? 15);
const input = await writeTempFile('git-log-p.txt', cleanText(), 64 * MiB);
const through = async (stage: () => NodeJS.ReadWriteStream) => {
  const sink = countingSink('node:stream');
  await pipeline(createReadStream(input.path, { highWaterMark: CHUNK_BYTES }), stage(), sink);
  if (sink.bytes !== input.bytes) throw new Error(`passed ${sink.bytes} of ${input.bytes}`);
};
const contenders: Record<string, () => Promise<void>> = {
  PassThrough: () => through(() => new PassThrough()),
  SecretRedactor: () => through(() => new SecretRedactor() as unknown as NodeJS.ReadWriteStream),
};
for (const baseline of (process.env.PIPEGUARD_REDACTOR_BASELINE ?? '').split(',').filter(Boolean)) {
  const Baseline = ((await import(baseline)) as { SecretRedactor: typeof SecretRedactor }).SecretRedactor;
  contenders[`SecretRedactor (${baseline})`] = () =>
    through(() => new Baseline() as unknown as NodeJS.ReadWriteStream);
}
const times = Object.fromEntries(
  Object.keys(contenders).map((name) => [name, { wall: [] as number[], cpu: [] as number[] }]),
);
for (let round = -1; round < rounds; round++)
  for (const [name, run] of Object.entries(contenders)) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await run();
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    if (round < 0) continue;
    times[name]?.wall.push(wall);
    times[name]?.cpu.push((used.user + used.system) / 1000);
  }
await removeTempFile(input);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const base = times.PassThrough as { wall: number[]; cpu: number[] };
console.log(`Node ${process.version}, ${input.bytes} bytes, median of ${rounds} alternated rounds`);
for (const [name, { wall, cpu }] of Object.entries(times))
  console.log(
    `${name}: wall ${median(wall).toFixed(1)} ms (${(median(base.wall) / median(wall)).toFixed(2)}×), CPU ${median(cpu).toFixed(1)} ms (${(median(base.cpu) / median(cpu)).toFixed(2)}×)`,
  );
