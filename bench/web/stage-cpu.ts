// `TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/web/stage-cpu.ts <read KiB> <rounds> <stream>…`:
// the read-sizes measure's file source through the named stage streams of bench/web/stage-pairs.ts, in
// alternated rounds, median process CPU ms per 64 MiB for each; with `node --cpu-prof --import tsx` in its place, a
// profile of one stage alone. Beside them: the folder and splitter searching per line (PER_LINE_STREAMS), and
// the batched splitter counting its units over the bulk positions in JavaScript (as before `countLineEnds`).
import { LineSplitterCore } from '@pipeguard/line-splitter/core';
import { StageStream, webByteOps } from '@pipeguard/web';
import { webBytePositions } from '../../packages/web/src/byte-positions';
import { openSourceFor } from './read-sources';
import { PER_LINE_STREAMS, proseChunks, pumpStages, STAGE_STREAMS } from './stage-pairs';

/** The web shell's bulk search without its bulk count: the batched splitter counts over the positions. */
const positionsOnly = webBytePositions && {
  windowBytes: webBytePositions.windowBytes,
  find: webBytePositions.find,
};
const COUNTED_OVER_POSITIONS = {
  'LineSplitterStream batched, counted over the positions': () => [
    new StageStream(
      new LineSplitterCore({
        batched: true,
        byteOps: webByteOps,
        bytePositions: positionsOnly,
        deferBounds: true,
      }),
    ),
  ],
};
const STREAMS = { ...STAGE_STREAMS, ...PER_LINE_STREAMS, ...COUNTED_OVER_POSITIONS } as unknown as Record<
  string,
  () => TransformStream<never, never>[]
>;

const TOTAL_BYTES = 64 * 1024 * 1024;
const [readKiB = '64', rounds = '7', ...names] = process.argv.slice(2);
const input = new Uint8Array(TOTAL_BYTES);
for (const [index, chunk] of proseChunks(TOTAL_BYTES).entries()) input.set(chunk, index * chunk.length);
const source = await openSourceFor(input, '/tmp/stage-cpu-prose.log');
const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round <= Number(rounds); round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const make = STREAMS[name];
    if (make === undefined) throw new Error(`unknown stream ${name}`);
    const before = process.cpuUsage();
    await pumpStages(make(), [], source.open(Number(readKiB) * 1024));
    const used = process.cpuUsage(before);
    if (round > 0) cpu[name]?.push((used.user + used.system) / 1000);
  }
}
for (const name of names) {
  const values = [...(cpu[name] as number[])].sort((a, b) => a - b);
  console.log(
    `${name}: median ${values[values.length >> 1]?.toFixed(1)} ms CPU (${values.map((v) => v.toFixed(0)).join(' ')})`,
  );
}
