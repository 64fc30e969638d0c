import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type LineBatch,
  LineSplitter,
  type LineSplitterOptions,
  type LineUnit,
} from '@pipeguard/line-splitter';
import byline from 'byline';
import split2 from 'split2';
import { CHUNK_BYTES, chunksOf, linesUpTo, logLine, MiB, repeatedChunks, streamOf } from './lib/inputs';
import { type Contender, defineGroup, defineQuestion } from './lib/question';

interface Input {
  chunks: Buffer[];
  bytes: number;
  /** Lines a line splitter without a cap finds. */
  lines: number;
  /** Longest line, in bytes, terminator excluded. */
  longestLineBytes: number;
}

/** What a contender saw: how many lines or units, and the longest. */
interface Counted {
  count: number;
  longest: number;
}

/** `bytes` of lines made by `line(index)`, cut into 64 KiB chunks as a pipe delivers them. */
function linesInput(bytes: number, line: (index: number) => string): Input {
  const parts = linesUpTo(bytes, line, (text) => text.length);
  const longestLineBytes = parts.reduce((longest, text) => Math.max(longest, text.length - 1), 0);
  const all = Buffer.from(parts.join(''), 'latin1');
  return { chunks: chunksOf(all), bytes: all.length, lines: parts.length, longestLineBytes };
}

/** `bytes` with no newline at all: one 64 KiB chunk of text, repeated (so the input costs no memory). */
function noNewlineInput(bytes: number): Input {
  const chunks = repeatedChunks('progress without end ', bytes / CHUNK_BYTES);
  return { chunks, bytes, lines: 1, longestLineBytes: bytes };
}

const source = (input: Input) => streamOf(input.chunks);

/** Pipes `streams` into a sink that counts what arrives; `measure` gives the count and longest of one item. */
async function countInto<T>(
  streams: Array<NodeJS.ReadableStream | NodeJS.ReadWriteStream>,
  measure: (item: T) => Counted,
): Promise<Counted> {
  const counted: Counted = { count: 0, longest: 0 };
  const sink = new Writable({
    objectMode: true,
    write(item: T, _encoding, callback) {
      const { count, longest } = measure(item);
      counted.count += count;
      counted.longest = Math.max(counted.longest, longest);
      callback();
    },
  });
  await pipeline([...streams, sink]);
  return counted;
}

const line = (text: string): Counted => ({ count: 1, longest: text.length });
const unit = (item: LineUnit): Counted => ({ count: 1, longest: item.bytes.length });
// A consumer that needs no per-line objects reads a batch's numbers (verify catches a missing one).
const batch = (item: LineBatch): Counted => ({
  count: item.unitCount ?? 0,
  longest: item.longestUnitBytes ?? 0,
});
// A consumer that reads every unit of a batch, which builds the units' objects.
const batchUnits = (item: LineBatch): Counted => ({
  count: item.units.length,
  longest: item.units.reduce((longest, each) => Math.max(longest, each.bytes.length), 0),
});

const readline: Contender<Input> = {
  name: 'node:readline',
  run: async (input) => {
    const lines = createInterface({ input: source(input), crlfDelay: Number.POSITIVE_INFINITY });
    const counted: Counted = { count: 0, longest: 0 };
    lines.on('line', (text: string) => {
      counted.count++;
      counted.longest = Math.max(counted.longest, text.length);
    });
    await once(lines, 'close');
    return counted;
  },
  verify: (output, input) => verifyLines(output as Counted, input),
};

const peers: Contender<Input>[] = [
  {
    name: 'split2',
    run: (input) => countInto([source(input), split2()], line),
    verify: (output, input) => verifyLines(output as Counted, input),
  },
  readline,
  {
    name: 'byline',
    run: (input) => countInto([source(input), byline.createStream()], line),
    verify: (output, input) => verifyLines(output as Counted, input),
  },
];

function verifyLines({ count, longest }: Counted, input: Input): string {
  if (count !== input.lines) return `${count} lines, expected ${input.lines}`;
  return longest === input.longestLineBytes ? 'ok' : `longest line ${longest} B`;
}

/** `readUnits`: a batched consumer that reads `units` (building them) instead of the batch's numbers. */
function splitter(name: string, options: LineSplitterOptions, readUnits = false): Contender<Input> {
  const maxUnitBytes = options.maxUnitBytes ?? 32 * 1024;
  return {
    name,
    run: (input) =>
      options.batched
        ? countInto([source(input), new LineSplitter(options)], readUnits ? batchUnits : batch)
        : countInto([source(input), new LineSplitter(options)], unit),
    verify: (output, input) => {
      const { count, longest } = output as Counted;
      const perLine = Math.ceil(input.longestLineBytes / maxUnitBytes) || 1;
      if (longest > maxUnitBytes) return `a unit of ${longest} B`;
      return count === input.lines * perLine ? 'ok' : `${count} units, expected ${input.lines * perLine}`;
    },
  };
}

const ours = [splitter('LineSplitter', {}), splitter('LineSplitter batched', { batched: true })];

const megabyteLine = (index: number) => `${String(index).padStart(8, '0')}${'y'.repeat(MiB - 9)}\n`;

export default defineQuestion({
  id: 'splitting',
  title: 'Splitting: LineSplitter vs split2, node:readline and byline on 64 KiB chunks',
  groups: [
    defineGroup<Input>({
      name: '80-byte lines',
      setup: ({ quick }) => linesInput(quick ? MiB : 64 * MiB, logLine),
      bytes: (input) => input.bytes,
      baseline: 'split2',
      contenders: [...peers, ...ours, splitter('LineSplitter batched, units read', { batched: true }, true)],
      targets: [{ contender: 'LineSplitter batched', minRatio: 3 }],
    }),
    defineGroup<Input>({
      name: '1 MiB lines (LineSplitter cuts them into 32 KiB units)',
      setup: ({ quick }) => linesInput(quick ? 4 * MiB : 64 * MiB, megabyteLine),
      bytes: (input) => input.bytes,
      baseline: 'split2',
      contenders: [...peers, ...ours, splitter('LineSplitter maxUnitBytes 2 MiB', { maxUnitBytes: 2 * MiB })],
      targets: [
        { contender: 'LineSplitter', minRatio: 10 },
        { contender: 'LineSplitter batched', minRatio: 10 },
      ],
    }),
    defineGroup<Input>({
      // split2 re-splits its whole pending string on every chunk: quadratic, so the input stays small.
      name: 'no newline, 8 MiB (split2 is quadratic here)',
      setup: ({ quick }) => noNewlineInput(quick ? 256 * 1024 : 8 * MiB),
      bytes: (input) => input.bytes,
      baseline: 'split2',
      contenders: [...peers, ...ours],
      runs: 3,
    }),
    defineGroup<Input>({
      // readline holds the whole line (a 256 MiB string); LineSplitter holds at most maxUnitBytes.
      name: 'no newline, 256 MiB (memory: readline keeps the line, LineSplitter maxUnitBytes)',
      setup: ({ quick }) => noNewlineInput(quick ? 8 * MiB : 256 * MiB),
      bytes: (input) => input.bytes,
      baseline: 'node:readline',
      contenders: [readline, ...ours],
      runs: 3,
    }),
  ],
});
