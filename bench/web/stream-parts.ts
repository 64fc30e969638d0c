// `TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/web/stream-parts.ts <file|memory> <read KiB> <rounds> <part>…`:
// what the batched LineSplitterStream costs beyond an identity TransformStream, part by part, each part a stream
// of its own on the same source (the read-sizes file, or the same reads held in memory, where the source costs
// least): process CPU ms per 64 MiB, median of alternated rounds, and the ratio to the first part named. Needs
// `pnpm build` (the stage streams are the dist's).
import { LineSplitterCore } from '@pipeguard/line-splitter/core';
import { FallbackDecoderStream, LineSplitterStream, StageStream, webByteOps } from '@pipeguard/web';
import { webBytePositions } from '../../packages/web/src/byte-positions';
import { openSourceFor } from './read-sources';
import { proseChunks, pumpStages } from './stage-pairs';
import { chunkSource } from './stream-pairs';

type Emit = (out: unknown) => void;
/** A StageStream over `write` (its overlap of the next read with the core's work included). */
const shell = (write: (chunk: Uint8Array, emit: Emit) => void) =>
  new StageStream({ write, end() {}, stats: {} }) as unknown as TransformStream<never, never>;
const splitterCore = () =>
  new LineSplitterCore({
    batched: true,
    byteOps: webByteOps,
    bytePositions: webBytePositions,
    deferBounds: true,
  });
const countLineEnds = webBytePositions?.countLineEnds ?? (() => {});

const PARTS: Record<string, () => TransformStream<never, never>[]> = {
  identity: () => [new TransformStream()],
  // The stage shell handing on each read: its microtask turns before the core's work.
  shell: () => [shell((chunk, emit) => emit(chunk))],
  // Two outputs a read, as the batched splitter gives when a line crosses a read (nearly always).
  'shell, two outputs': () => [
    shell((chunk, emit) => {
      emit(chunk.subarray(0, 40));
      emit(chunk.subarray(40));
    }),
  ],
  // The line ends counted (the copy into the module's memory and its SIMD pass), the read handed on whole.
  'shell, count': () => [
    shell((chunk, emit) => {
      countLineEnds(chunk);
      emit(chunk);
    }),
  ],
  splitter: () => [new LineSplitterStream({ batched: true }) as never],
  // The same core in a plain TransformStream: no overlap of the next read with the count.
  'splitter, no overlap': () => {
    const core = splitterCore();
    return [
      new TransformStream<Uint8Array, unknown>(
        { transform: (chunk, controller) => core.write(chunk, (out) => controller.enqueue(out)) },
        { highWaterMark: 2 },
      ) as never,
    ];
  },
  // The decoder's composition and its parts: the splitter's batches through one more identity hop.
  TextDecoderStream: () => [new TextDecoderStream() as never],
  'splitter, decoder': () => [
    new LineSplitterStream({ batched: true }) as never,
    new FallbackDecoderStream({ fallback: 'cp1252' }) as never,
  ],
  'decoder, splitLines': () => [new FallbackDecoderStream({ fallback: 'cp1252', splitLines: true }) as never],
  'splitter, identity': () => [new LineSplitterStream({ batched: true }) as never, new TransformStream()],
};

const TOTAL_BYTES = 64 * 1024 * 1024;
const [where = 'file', readKiB = '64', rounds = '9', ...names] = process.argv.slice(2);
const readBytes = Number(readKiB) * 1024;
const input = new Uint8Array(TOTAL_BYTES);
for (const [index, chunk] of proseChunks(TOTAL_BYTES).entries()) input.set(chunk, index * chunk.length);
const reads = Array.from({ length: TOTAL_BYTES / readBytes }, (_, index) =>
  input.slice(index * readBytes, (index + 1) * readBytes),
);
const source = await openSourceFor(input, '/tmp/stream-parts-prose.log');
const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round <= Number(rounds); round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const make = PARTS[name];
    if (make === undefined) throw new Error(`unknown part ${name}; parts: ${Object.keys(PARTS).join(', ')}`);
    const from = where === 'memory' ? chunkSource(reads) : source.open(readBytes);
    const before = process.cpuUsage();
    await pumpStages(make(), [], from);
    const used = process.cpuUsage(before);
    if (round > 0) cpu[name]?.push((used.user + used.system) / 1000);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const first = median(cpu[names[0] as string] as number[]);
for (const name of names) {
  const ms = median(cpu[name] as number[]);
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / first).toFixed(3)} |`);
}
