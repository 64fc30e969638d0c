import { pipeline } from 'node:stream/promises';
import { run, spawnPtyChild } from '@pipeguard/pipeline';
import { loadPtyModule } from '@pipeguard/pty';
import { countingSink } from './lib/counting-sink';
import { MiB } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

interface Input {
  bytes: number;
  command: string;
  /** Bytes the terminal gives back: as written, ONLCR being off (stty -onlcr) for every contender. */
  outputBytes: number;
}

const LINE = 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......';

/** A child that writes `bytes` of log lines to its terminal and exits (the child-processes bench's writer). */
export const writer = (bytes: number) => `yes '${LINE}' | head -c ${bytes}`;

/** The floor: node-pty itself, raw Buffers, a listener that only counts. */
export function bareReadLoop({ command }: Pick<Input, 'command'>): Promise<number> {
  const pty = loadPtyModule();
  return new Promise((resolve) => {
    // ONLCR off, as run() and the adapter set it, so that every contender moves the same bytes.
    const terminal = pty.spawn('sh', ['-c', `stty -onlcr; ${command}`], {
      encoding: null,
      cols: 400,
      rows: 50,
    });
    let bytes = 0;
    terminal.onData((data) => {
      bytes += data.length;
    });
    terminal.onExit(() => resolve(bytes));
  });
}

/** The adapter: its readable-stream stdout piped into a counting Writable, with backpressure. */
export async function adapterRead(
  { command }: Pick<Input, 'command'>,
  spawn: typeof spawnPtyChild = spawnPtyChild,
): Promise<number> {
  const child = spawn('sh', ['-c', command]);
  const sink = countingSink();
  await pipeline(child.stdout as unknown as NodeJS.ReadableStream, sink as unknown as NodeJS.WritableStream);
  return sink.bytes;
}

/** run() as a caller uses it: the whole pipeline (guard, renderer unless raw, 1 MiB head kept). */
async function runCounted({ command }: Input, options: Parameters<typeof run>[2]): Promise<number> {
  const result = await run('sh', ['-c', command], options);
  return result.stdout.bytes;
}

export default defineQuestion({
  id: 'pty',
  title:
    'Pseudo-terminal: run({ pty: true }) and the spawnPtyChild adapter vs a bare node-pty read loop, and run() on pipes',
  groups: [
    defineGroup<Input>({
      name: 'child writes 256 MiB of log lines to its terminal',
      setup: ({ quick }) => {
        const bytes = quick ? 4 * MiB : 256 * MiB;
        return { bytes, command: writer(bytes), outputBytes: bytes };
      },
      bytes: (input) => input.outputBytes,
      baseline: 'node-pty read loop, counting only',
      runs: 3,
      contenders: [
        {
          name: 'node-pty read loop, counting only',
          run: bareReadLoop,
          verify: (bytes, input) =>
            bytes === input.outputBytes
              ? 'ok: all bytes'
              : `lost ${input.outputBytes - (bytes as number)} bytes at the exit (node-pty#72)`,
        },
        {
          name: 'spawnPtyChild stdout → counting Writable',
          run: (input) => adapterRead(input),
          verify: (bytes, input) =>
            bytes === input.outputBytes ? 'ok: all bytes' : `wrong count: ${bytes} of ${input.outputBytes}`,
        },
        {
          name: "run({ pty: true }) (render 'terminal')",
          run: (input) => runCounted(input, { pty: true }),
          verify: (bytes, input) =>
            bytes === input.outputBytes ? 'ok: all bytes counted' : `wrong count: ${bytes}`,
        },
        {
          name: "run({ pty: true, render: 'raw' })",
          run: (input) => runCounted(input, { pty: true, render: 'raw' }),
          verify: (bytes, input) =>
            bytes === input.outputBytes ? 'ok: all bytes counted' : `wrong count: ${bytes}`,
        },
        {
          name: 'run() on pipes (for comparison)',
          run: (input) => runCounted(input, {}),
          verify: (bytes, input) =>
            bytes === input.outputBytes ? 'ok: all bytes counted' : `wrong count: ${bytes}`,
        },
      ],
      targets: [
        {
          contender: "run({ pty: true }) (render 'terminal')",
          minRatio: 0.8,
          limitedBy: 'the terminal (~4 KiB per read), then the renderer',
        },
        {
          contender: 'spawnPtyChild stdout → counting Writable',
          minRatio: 0.8,
          limitedBy: 'the terminal: ~4 KiB per read, one data event and one push per read',
        },
      ],
    }),
  ],
});
