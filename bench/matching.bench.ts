import { pipeline } from 'node:stream/promises';
import { BoundedSink, type BoundedSinkOptions } from '@pipeguard/bounded-sink';
import { run } from '@pipeguard/pipeline';
import { chunksOf, GiB, MiB, streamOf } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

/** A long log in 64 KiB chunks, with a matching line every `every` lines (80 bytes each). */
interface Input {
  chunks: Buffer[];
  bytes: number;
}

const BUDGET = 30_000;

/** Line `index` of an 80-byte build log: progress lines, and a compiler error every `every` lines. */
function buildLog(bytes: number, every: number): Buffer {
  const log = Buffer.alloc(bytes);
  let offset = 0;
  for (let index = 0; offset < bytes; index++) {
    const text =
      index % every === every - 1
        ? `src/module_${index % 89}.c:${index % 997}:5: error: 'count' undeclared here`
        : `[${String(index).padStart(9, '0')}] CC build/obj/module_${index % 89}.o -O2 -Wall -c`;
    offset += log.write(`${text.padEnd(79, ' ')}\n`, offset);
  }
  return log;
}

const sinkContender = (name: string, options: BoundedSinkOptions) => ({
  name,
  run: async (input: Input) => {
    const sink = new BoundedSink({ maxBytes: BUDGET, keep: 'both', ...options });
    await pipeline(streamOf(input.chunks), sink);
    return sink.done;
  },
  verify: (output: unknown, input: Input) => {
    const result = output as Awaited<BoundedSink['done']>;
    if (result.totalBytes !== input.bytes || result.keptBytes + result.omittedBytes !== input.bytes)
      return 'wrong counts';
    return options.keepMatches
      ? `ok: ${result.keptMatchedLines} of ${result.matchedLines} matching lines kept`
      : 'ok';
  },
});

const group = (name: string, every: number) =>
  defineGroup<Input>({
    name,
    setup: ({ quick }) => {
      const log = buildLog(quick ? 8 * MiB : 64 * MiB, every);
      return { chunks: chunksOf(log), bytes: log.length };
    },
    bytes: (input) => input.bytes,
    baseline: 'BoundedSink keep both, 30 000 bytes',
    contenders: [
      sinkContender('BoundedSink keep both, 30 000 bytes', {}),
      sinkContender('same, keepMatches: true', { keepMatches: true }),
      sinkContender("same, keepMatches: 'error' (one literal)", { keepMatches: 'error' }),

      sinkContender("same, cutAt: 'line'", { cutAt: 'line' }),
    ],
  });

/** The child-processes bench's 1 GiB child, with every 1000th of its lines a compiler error. */
interface ChildInput {
  bytes: number;
  command: string;
}

export const childLines = (every: number): string =>
  Array.from({ length: every }, (_, index) =>
    index === every / 2
      ? 'src/module_42.c:17:5: error: count undeclared here (first use in this function)'
      : 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......',
  ).join('\n');

const runContender = (name: string, keepMatches: boolean) => ({
  name,
  run: ({ command }: ChildInput) =>
    run('sh', ['-c', command], { keep: 'both', maxBytes: BUDGET, ...(keepMatches ? { keepMatches } : {}) }),
  verify: (output: unknown, input: ChildInput) => {
    const { stdout } = output as Awaited<ReturnType<typeof run>>;
    if (stdout.bytes !== input.bytes || !stdout.truncated) return 'wrong counts';
    const kept = /(\d+) of (\d+) matching lines kept/.exec(stdout.marker ?? '');
    if (!keepMatches) return kept ? 'matched without keepMatches' : 'ok: head + tail + marker';
    return kept ? `ok: ${kept[1]} of ${kept[2]} matching lines kept` : 'no matching lines reported';
  },
});

const childGroup = defineGroup<ChildInput>({
  name: 'run(), child writes 1 GiB of log lines, 0.1 % of them errors (quick 32 MiB)',
  setup: ({ quick }) => {
    const bytes = quick ? 32 * MiB : GiB;
    return { bytes, command: `yes '${childLines(1000)}' | head -c ${bytes}` };
  },
  bytes: (input) => input.bytes,
  baseline: "run() keep 'both', 30 000 bytes",
  contenders: [
    runContender("run() keep 'both', 30 000 bytes", false),
    runContender('same, keepMatches: true', true),
  ],
  targets: [{ contender: 'same, keepMatches: true', minRatio: 1 / 1.3 }],
});

export default defineQuestion({
  id: 'matching',
  title:
    'Matching: keeping the omitted middle’s error lines (keepMatches) vs the same capture without it, for run() on a 1 GiB child (the issue’s target: ≤ 1.3× the time) and for the BoundedSink alone',
  groups: [
    childGroup,
    group('build log, 0.1 % matching lines (64 MiB; quick 8 MiB)', 1000),
    group('build log, one matching line per 10 MiB (64 MiB; quick 8 MiB)', 131_072),
  ],
});
