import { nodeByteOps } from '@pipeguard/shared';
import { SourceOffsetMap } from '@pipeguard/shared/core';
import { MiB } from './lib/inputs';
import { REDRAW_COLS, REDRAW_ROWS, redrawChunks } from './lib/redraw-inputs';
import { loadRendererCores, repeatedRecordings } from './lib/renderer-builds';
import { SHAPES } from './redraws.bench';

/**
 * `pnpm exec tsx bench/renderer-core-builds-cpu.ts <MiB> <rounds> <filter> <name>=<a build's dist directory>…`:
 * the renderer's core of each built `dist` (its `core.js`) alone on each committed recording repeated to `MiB`,
 * then on each shape of the redraws question (bench/lib/redraw-inputs.ts), in 64 KiB writes, builds alternated in one process (the order reversed every round, 3 rounds first not
 * counted): the median CPU time (`process.cpuUsage`) and the median of paired ratios to the first build. No
 * stream and no xterm: what a build's own code costs. Each build in a named slot, as in
 * renderer-identical.ts (a dist copied for the slot must sit where its imports resolve).
 */
const [SIZE_ARG, ROUNDS_ARG, FILTER_ARG, ...SPECS] = process.argv.slice(2);
const size = Number(SIZE_ARG ?? 4) * MiB;
const rounds = Number(ROUNDS_ARG ?? 15);
const filter = new RegExp(FILTER_ARG ?? '.');
const builds = await loadRendererCores(SPECS);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const inputs = [
  ...repeatedRecordings(size).map(({ name, cols, rows, input }) => ({
    name,
    cols,
    rows,
    input: () => input,
  })),
  ...SHAPES.map(([kind]) => ({
    name: kind,
    cols: REDRAW_COLS,
    rows: REDRAW_ROWS,
    input: () => Buffer.concat(redrawChunks(size, kind)).subarray(0, size),
  })),
];
for (const { name, cols, rows, input: inputOf } of inputs) {
  if (!filter.test(name)) continue;
  const input = inputOf();
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < input.length; at += 64 * 1024)
    chunks.push(Uint8Array.from(input.subarray(at, at + 64 * 1024)));
  const times = new Map<string, number[]>(builds.map(([build]) => [build, []]));
  for (let round = -3; round < rounds; round++)
    for (const [build, Core] of round % 2 === 0 ? builds : [...builds].reverse()) {
      const start = process.cpuUsage();
      const core = new Core({ cols, maxLiveLines: rows }, nodeByteOps, new SourceOffsetMap());
      for (const chunk of chunks) core.write(chunk, () => {});
      core.end(() => {});
      const used = process.cpuUsage(start);
      if (round >= 0) times.get(build)?.push((used.user + used.system) / 1000);
    }
  const first = times.get(builds[0]?.[0] as string) as number[];
  const cells = builds.map(([build]) => {
    const ms = times.get(build) as number[];
    return `${build} ${median(ms).toFixed(1)} ms (${median(ms.map((value, index) => (first[index] as number) / value)).toFixed(2)}×)`;
  });
  console.log(`${name}: ${cells.join(' | ')}`);
}
