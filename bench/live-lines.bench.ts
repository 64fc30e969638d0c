import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'readable-stream';
// Imported from source until @pipeguard/pipeline exports them (run()'s live lines then replace this).
import { LiveLines } from '../packages/pipeline/src/live-lines';
import { LiveLinesTap } from '../packages/pipeline/src/live-tap';
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

const verifyFed = (output: unknown, input: Input) => {
  const fed = output as Fed;
  if (fed.bytes !== input.bytes) return `wrong byte count ${fed.bytes}`;
  return `ok: ${fed.lines} lines, ${fed.delivered} handed out by the end of input, ${fed.dropped} dropped`;
};

export default defineQuestion({
  id: 'live-lines',
  title: 'Live lines: what feeding a live consumer costs the producer, against the same stream without one',
  groups: [
    defineGroup<Input>({
      name: '256 MiB of 80-byte log lines, one 64 KiB chunk a turn',
      setup: ({ quick }) => {
        const bytes = quick ? 16 * MiB : 256 * MiB;
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
  ],
});
