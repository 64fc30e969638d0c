import { createReadStream } from 'node:fs';
import { PassThrough as NodePassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// The bench package does not depend on the renderer yet: its built output is loaded by path.
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { Transform } from 'readable-stream';
import { prose } from '../packages/binary-guard/test/corpus';
import { countingSink } from './lib/counting-sink';
import { CHUNK_BYTES, chunksOf, MiB, streamOf, totalBytes } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';
import {
  BaselineRenderer,
  baselinePath,
  baselineRedraws,
  firstRunOf,
  type Redraws,
  renderChunks,
  repeatedStream,
  verifyRendered,
  xtermChunks,
} from './lib/redraw-contenders';
import { REDRAW_COLS, REDRAW_ROWS, type RedrawKind, redrawChunks } from './lib/redraw-inputs';
import { removeTempFile, type WrittenTempFile, writeTempFile } from './lib/temp-file';

/** A mebibyte of plain UTF-8 prose (Latin, CJK, Cyrillic, emoji): the plain-text groups' input, repeated. */
export const PLAIN_BLOCK = () =>
  Buffer.from(
    prose(
      [
        'Build finished in 4.2 s: 312 modules, 0 errors, 2 warnings.',
        'Zoë’s café in Zürich serves crème brûlée.',
        '東京の天気は晴れ、気温は21度です。',
        'Все счастливые семьи похожи друг на друга.',
        '✓ parses 🚀 emoji and “quotes” — fine',
      ],
      MiB,
    ),
  );

/**
 * The three native searches of each chunk (ESC, BS, CR) and nothing else, done before the callback as
 * a plain Transform does its work: what looking at the bytes costs a stage that does not overlap its
 * work with the source's next read (the renderer does, see `transformInMicrotask`).
 */
class ThreeSearches extends Transform {
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    if (chunk.indexOf(0x1b) + chunk.indexOf(0x08) + chunk.indexOf(0x0d) > chunk.length)
      callback(new Error('never'));
    else callback(null, chunk);
  }
}

const Baseline = BaselineRenderer;
const baselineContenders =
  Baseline === undefined
    ? []
    : [
        {
          name: `TerminalRenderer (baseline build ${baselinePath})`,
          run: (input: WrittenTempFile) =>
            throughStage(input, new Baseline() as unknown as NodeJS.ReadWriteStream),
        },
      ];

const readFile = (input: WrittenTempFile) => createReadStream(input.path, { highWaterMark: CHUNK_BYTES });

async function throughStage(input: WrittenTempFile, stage: NodeJS.ReadWriteStream) {
  const sink = countingSink('node:stream');
  await pipeline(readFile(input), stage, sink);
  return sink.bytes;
}

async function throughMemory(chunks: Buffer[], stage: NodeJS.ReadWriteStream) {
  const sink = countingSink('node:stream');
  await pipeline(streamOf(chunks) as unknown as NodeJS.ReadableStream, stage, sink);
  return sink.bytes;
}

const XTERM = `@xterm/headless (${REDRAW_COLS}x${REDRAW_ROWS})`;
const RENDERER = `TerminalRenderer (cols ${REDRAW_COLS}, maxLiveLines ${REDRAW_ROWS})`;

const RENDERER_ONCE = `${RENDERER}, the input once`;
const RENDERER_FOUR_TIMES = `${RENDERER}, the input four times over`;
const PASS_THROUGH_FOUR_TIMES = 'PassThrough (node:stream), the input four times over';

const redrawGroup = (name: string, kind: RedrawKind, first = firstRunOf(), firstOfBaseline = firstRunOf()) =>
  defineGroup<Redraws>({
    name,
    // Five: with three, one slow xterm run under load moved the median pair by a third.
    runs: 5,
    setup: ({ quick }) => {
      const chunks = redrawChunks(quick ? 2 * MiB : 64 * MiB, kind);
      return { chunks, bytes: totalBytes(chunks) };
    },
    bytes: (input) => input.bytes,
    baseline: XTERM,
    contenders: [
      { name: XTERM, run: (input) => xtermChunks(input, REDRAW_COLS, REDRAW_ROWS) },
      {
        name: RENDERER,
        run: (input) =>
          renderChunks(input, { cols: REDRAW_COLS, maxLiveLines: REDRAW_ROWS }, 1, first(input)),
        verify: verifyRendered,
      },
      ...baselineRedraws(REDRAW_COLS, REDRAW_ROWS, firstOfBaseline),
    ],
    targets: [{ contender: RENDERER, minRatio: 10 }],
  });

export default defineQuestion({
  id: 'rendering',
  title:
    'Rendering: TerminalRenderer on plain text from a file, and on progress redraws against @xterm/headless at the same size',
  groups: [
    defineGroup<WrittenTempFile>({
      // Its ratio depends on the process's collector state: with more than 8 MB of old generation, V8 can mark all
      // along on a file stream's buffers and PassThrough's CPU doubles (bench/results/2026-12-07f-plain-text7.md).
      name: 'plain UTF-8 text (no control bytes) from a file, 64 KiB chunks',
      runs: 25,
      setup: ({ quick }) => writeTempFile('plain.txt', PLAIN_BLOCK(), quick ? 8 * MiB : 256 * MiB),
      teardown: removeTempFile,
      bytes: (input) => input.bytes,
      baseline: 'PassThrough (node:stream)',
      contenders: [
        { name: 'PassThrough (node:stream)', run: (input) => throughStage(input, new NodePassThrough()) },
        {
          name: 'three native searches per chunk (ESC, BS, CR) in a Transform, not overlapped',
          run: (input) => throughStage(input, new ThreeSearches() as unknown as NodeJS.ReadWriteStream),
        },
        {
          name: 'TerminalRenderer',
          run: (input) => throughStage(input, new TerminalRenderer() as unknown as NodeJS.ReadWriteStream),
          verify: (output, input) =>
            output === input.bytes ? 'ok' : `passed ${output} of ${input.bytes} bytes`,
        },
        ...baselineContenders,
      ],
      targets: [{ contender: 'TerminalRenderer', minRatio: 0.9 }],
    }),
    defineGroup<Buffer[]>({
      // No read to overlap, and a PassThrough in memory costs next to nothing a chunk: the renderer's own
      // work is set against the three searches alone, reported beside the file figure.
      name: 'plain UTF-8 text (no control bytes) from memory, 64 KiB chunks: no read to overlap',
      runs: 15,
      setup: ({ quick }) => chunksOf(Buffer.concat(Array((quick ? 8 : 256) as number).fill(PLAIN_BLOCK()))),
      bytes: totalBytes,
      baseline: 'three native searches per chunk (ESC, BS, CR) in a Transform',
      contenders: [
        {
          name: 'three native searches per chunk (ESC, BS, CR) in a Transform',
          run: (chunks) => throughMemory(chunks, new ThreeSearches() as unknown as NodeJS.ReadWriteStream),
        },
        {
          name: 'TerminalRenderer',
          run: (chunks) => throughMemory(chunks, new TerminalRenderer() as unknown as NodeJS.ReadWriteStream),
          verify: (output, chunks) => (output === totalBytes(chunks) ? 'ok' : `passed ${output} bytes`),
        },
      ],
    }),
    redrawGroup('plain CR progress bar, no colour (wget, curl, pip), 64 MiB in 64 KiB chunks', 'plain-bar'),
    redrawGroup(
      'coloured CR progress bar (CR, colours, erase to the end), 64 MiB in 64 KiB chunks',
      'coloured-bar',
    ),
    redrawGroup(
      'four-line cursor-up redraws with erase-line (docker/buildkit, log-update, pnpm), 64 MiB in 64 KiB chunks',
      'cursor-up',
    ),
    redrawGroup(
      'status line below a scroll region, a line of output between updates (apt-get), 64 MiB in 64 KiB chunks',
      'scroll-region',
    ),
    defineGroup<Redraws>({
      // Peak RSS growth (the column beside each) is the measure: four times the input, the same memory.
      name: 'memory: peak RSS bounded by the live region, four-line cursor-up redraws then apt-get, 32 MiB and 4x over',
      runs: 3,
      setup: ({ quick }) => {
        const size = quick ? MiB : 16 * MiB;
        const chunks = [...redrawChunks(size, 'cursor-up'), ...redrawChunks(size, 'scroll-region')];
        return { chunks, bytes: totalBytes(chunks) };
      },
      bytes: (input) => input.bytes,
      baseline: RENDERER_ONCE,
      contenders: [
        {
          // What moving the bytes alone costs in memory: the renderer's own is what it adds to this.
          name: PASS_THROUGH_FOUR_TIMES,
          run: async (input) => {
            const sink = countingSink('node:stream');
            await pipeline(repeatedStream(input.chunks, 4), new NodePassThrough(), sink);
            return sink.bytes;
          },
        },
        {
          name: RENDERER_ONCE,
          run: (input) => renderChunks(input, { cols: REDRAW_COLS, maxLiveLines: REDRAW_ROWS }),
          verify: verifyRendered,
        },
        {
          name: RENDERER_FOUR_TIMES,
          // Four times the bytes in the same time as one pass would be a ratio of 1.00x: bytes() counts one pass.
          run: (input) => renderChunks(input, { cols: REDRAW_COLS, maxLiveLines: REDRAW_ROWS }, 4),
          verify: verifyRendered,
        },
      ],
    }),
  ],
});
