import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { LiveLines, LiveLinesTap, type RunOptions, run } from '@pipeguard/pipeline';
import { Readable } from 'readable-stream';
import { countingSink } from './lib/counting-sink';
import { chunksOf, logLines, MiB } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

interface Input {
  chunks: Buffer[];
  bytes: number;
}

/**
 * One chunk a turn of the event loop, as a child's pipe delivers them, so a live consumer gets its
 * turns between chunks; every contender, the baseline too, reads this way.
 */
function pacedStream(chunks: readonly Buffer[]): Readable {
  let next = 0;
  return new Readable({
    read() {
      setImmediate(() => this.push(next < chunks.length ? chunks[next++] : null));
    },
  });
}

interface Fed {
  bytes: number;
  lines: number;
  delivered: number;
  dropped: number;
}

/** The bytes through a LiveLinesTap into a counting sink, with `consumer` (or none) taking the lines. */
async function feedWithLive(
  { chunks }: Input,
  consumer: ((live: LiveLines, stop: AbortSignal) => Promise<unknown>) | null,
): Promise<Fed> {
  const live = new LiveLines();
  const stop = new AbortController();
  const consuming: Promise<unknown> | undefined = consumer?.(live, stop.signal);
  const sink = countingSink();
  await pipeline([pacedStream(chunks), new LiveLinesTap(live), sink] as unknown as NodeJS.ReadWriteStream[]);
  // The producer's work ends here: the stats are read now, and a slow consumer is told to leave.
  const { lines, deliveredLines, droppedLines } = live.stats;
  stop.abort();
  await consuming;
  return { bytes: sink.bytes, lines, delivered: deliveredLines, dropped: droppedLines };
}

async function fastConsumer(live: LiveLines): Promise<number> {
  let characters = 0;
  for await (const event of live) if (event.type === 'line') characters += event.text.length;
  return characters;
}

async function slowConsumer(live: LiveLines, stop: AbortSignal): Promise<void> {
  for await (const event of live) {
    if (stop.aborted) break;
    if (event.type === 'line') await sleep(50);
  }
}

const verifyFed = (output: unknown, input: { bytes: number }) => {
  const fed = output as Fed;
  if (fed.bytes !== input.bytes) return `wrong byte count ${fed.bytes}`;
  return `ok: ${fed.lines} lines, ${fed.delivered} handed out by the end of input, ${fed.dropped} dropped`;
};

interface ChildInput {
  command: string;
  bytes: number;
}

/** run() of a child writing log lines, its live lines taken by `consumer` (or none asked for). */
async function runWithLive(
  { command }: ChildInput,
  consumer: 'slow' | 'fast' | null,
  options: RunOptions = {},
): Promise<Fed> {
  const running = run('sh', ['-c', command], { ...options, liveLines: consumer !== null });
  let finished = false;
  const consuming = (async () => {
    for await (const event of running.lines ?? []) {
      // The result does not wait for a slow consumer: it leaves once the run has ended.
      if (finished) break;
      if (consumer === 'slow' && event.type === 'line') await sleep(50);
    }
  })();
  const result = await running;
  finished = true;
  const stats = result.liveLines?.stdout;
  await consuming;
  return {
    bytes: result.stdout.bytes,
    lines: stats?.lines ?? 0,
    delivered: stats?.deliveredLines ?? 0,
    dropped: stats?.droppedLines ?? 0,
  };
}

const LINE = 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ..........';

export default defineQuestion({
  id: 'live-lines',
  title: 'Live lines: what feeding a live consumer costs the producer, against the same stream without one',
  groups: [
    defineGroup<Input>({
      name: '256 MiB of 80-byte log lines, one 64 KiB chunk a turn',
      setup: ({ quick }) => {
        const bytes = quick ? 4 * MiB : 256 * MiB;
        return { chunks: chunksOf(logLines(bytes)), bytes };
      },
      bytes: (input) => input.bytes,
      baseline: 'no live lines',
      runs: 5,
      contenders: [
        {
          name: 'no live lines',
          run: async ({ chunks }: Input) => {
            const sink = countingSink();
            await pipeline([pacedStream(chunks), sink] as unknown as NodeJS.ReadWriteStream[]);
            return { bytes: sink.bytes, lines: 0, delivered: 0, dropped: 0 };
          },
          verify: verifyFed,
        },
        {
          name: 'live lines, fast consumer',
          run: (input) => feedWithLive(input, fastConsumer),
          verify: verifyFed,
        },
        {
          name: 'live lines, 50 ms-a-line consumer',
          run: (input) => feedWithLive(input, slowConsumer),
          verify: verifyFed,
        },
        {
          name: 'live lines, nobody consuming',
          run: (input) => feedWithLive(input, null),
          verify: verifyFed,
        },
      ],
    }),
    defineGroup<ChildInput>({
      name: 'run() of a child writing 200 MiB of 72-byte log lines',
      setup: ({ quick }) => {
        const bytes = quick ? 4 * MiB : 200 * MiB;
        return { command: `yes '${LINE}' | head -c ${bytes}`, bytes };
      },
      bytes: (input) => input.bytes,
      baseline: 'run(), no live lines',
      runs: 5,
      contenders: [
        { name: 'run(), no live lines', run: (input) => runWithLive(input, null), verify: verifyFed },
        {
          name: 'run({ liveLines: true }), 50 ms-a-line consumer',
          run: (input) => runWithLive(input, 'slow'),
          verify: verifyFed,
        },
        {
          name: 'run({ liveLines: true }), fast consumer',
          run: (input) => runWithLive(input, 'fast'),
          verify: verifyFed,
        },
      ],
    }),
  ],
});
