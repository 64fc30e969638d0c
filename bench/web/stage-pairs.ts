// The work of the stage groups of bench/web-streams.bench.ts (Node) and bench/web/stages.measure.ts (every
// runtime): the same UTF-8 text in the same 64 KiB chunks through an identity TransformStream (the
// baseline) and through each of @pipeguard/web's stage streams.
import { LineSplitterCore } from '@pipeguard/line-splitter/core';
import { RepeatFolderCore } from '@pipeguard/repeat-folder/core';
import {
  BinaryGuardStream,
  ByteCounterStream,
  FallbackDecoderStream,
  type LineBatch,
  LineSplitterStream,
  type LineUnit,
  RepeatFolderStream,
  StageStream,
  TerminalRendererStream,
  webByteOps,
} from '@pipeguard/web';
import { CHUNK_BYTES, chunkSource } from './stream-pairs';

const BLOCK_BYTES = 16 * CHUNK_BYTES;
const SENTENCES = [
  'Build finished in 4.2 s: 312 modules, 0 errors, 2 warnings.',
  'Zoë’s café in Zürich serves crème brûlée.',
  '東京の天気は晴れ、気温は21度です。',
  'Все счастливые семьи похожи друг на друга.',
  '✓ parses 🚀 emoji and “quotes” — fine',
];

/**
 * `totalBytes` of UTF-8 prose lines with no control byte but LF (CJK, Cyrillic, emoji: the guard's text,
 * the renderer's plain text), in 64 KiB chunks: one 1 MiB block, padded to end with a whole line, cut
 * into 16 chunks and repeated (so a chunk seam may cut a character, a block seam never does).
 */
export function proseChunks(totalBytes: number): Uint8Array[] {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  for (let line = 0, bytes = 0; bytes < BLOCK_BYTES - 4096; line++) {
    const text = `${line} ${SENTENCES[line % SENTENCES.length]}\n`;
    lines.push(text);
    bytes += encoder.encode(text).length;
  }
  const text = encoder.encode(lines.join(''));
  const block = new Uint8Array(BLOCK_BYTES).fill(0x20);
  block.set(text);
  block[BLOCK_BYTES - 1] = 0x0a;
  const chunks = Array.from({ length: 16 }, (_, index) =>
    block.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES),
  );
  return Array.from(
    { length: Math.ceil(totalBytes / CHUNK_BYTES) },
    (_, index) => chunks[index % 16] as Uint8Array,
  );
}

type Item = Uint8Array | LineUnit | LineBatch | string;

/** Input bytes an output item stands for (a string: its UTF-16 length, for the decoder's check only). */
function sizeOf(item: Item): number {
  if (typeof item === 'string') return item.length;
  if (item instanceof Uint8Array) return item.length;
  if ('terminator' in item) return item.bytes.length + item.terminator.length;
  return item.bytes.length;
}

/** The contenders, by name: each makes the fresh transforms of one run, chained in order. */
export const STAGE_STREAMS: Record<string, () => TransformStream<never, Item>[]> = {
  'identity TransformStream': () => [new TransformStream<Uint8Array, Uint8Array>()],
  ByteCounterStream: () => [new ByteCounterStream()],
  BinaryGuardStream: () => [new BinaryGuardStream()],
  TerminalRendererStream: () => [new TerminalRendererStream()],
  'LineSplitterStream batched': () => [new LineSplitterStream({ batched: true })],
  'LineSplitterStream (a unit per line)': () => [new LineSplitterStream()],
  RepeatFolderStream: () => [new RepeatFolderStream()],
  'FallbackDecoderStream after LineSplitterStream batched': () => [
    new LineSplitterStream({ batched: true }),
    new FallbackDecoderStream({ fallback: 'cp1252' }),
  ],
  'FallbackDecoderStream, splitLines': () => [
    new FallbackDecoderStream({ fallback: 'cp1252', splitLines: true }),
  ],
  'TextDecoderStream (peer of the decoder)': () => [new TextDecoderStream()],
} as Record<string, () => TransformStream<never, Item>[]>;

/**
 * The folder and the batched splitter as they were before the bulk line-end search (the same cores, searching a
 * line at a time), for a run beside them (bench/web/read-sizes.measure.ts with `PIPEGUARD_WEB_BESIDE=1`).
 */
export const PER_LINE_STREAMS: Record<string, () => TransformStream<never, Item>[]> = {
  'RepeatFolderStream, a search per line': () => [
    new StageStream(new RepeatFolderCore({ byteOps: webByteOps })),
  ],
  'LineSplitterStream batched, a search per line': () => [
    new StageStream(new LineSplitterCore({ batched: true, byteOps: webByteOps })),
  ],
} as Record<string, () => TransformStream<never, Item>[]>;

/** The contenders whose ratio the issue sets (≥ 0.9 of the identity TransformStream). */
export const STAGE_TARGETS = ['BinaryGuardStream', 'TerminalRendererStream', 'LineSplitterStream batched'];

/** Pulls `chunks` (or `source`) through `streams` into a sink; resolves with the input bytes the output stands for. */
export async function pumpStages(
  streams: readonly TransformStream<never, Item>[],
  chunks: readonly Uint8Array[],
  source: ReadableStream<Uint8Array> = chunkSource(chunks),
): Promise<number> {
  let bytes = 0;
  const readable = streams.reduce<ReadableStream>((from, stream) => from.pipeThrough(stream), source);
  await readable.pipeTo(
    new WritableStream<Item>({
      write(item) {
        bytes += sizeOf(item);
      },
    }),
  );
  return bytes;
}
