import { pipeline } from 'node:stream/promises';
// Imported from source until @pipeguard/pipeline exports the adapter (run({ pty }) then replaces it here).
import { spawnPtyChild } from '../packages/pipeline/src/pty-child';
import { loadPtyModule } from '../packages/pipeline/src/pty-load';
import { countingSink } from './lib/counting-sink';
import { MiB } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

interface Input {
  bytes: number;
  command: string;
  /** Bytes the terminal gives back: ONLCR turns each LF the child writes into CRLF. */
  outputBytes: number;
}

const LINE = 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......';

/** A child that writes `bytes` of log lines to its terminal and exits (the child-processes bench's writer). */
const writer = (bytes: number) => `yes '${LINE}' | head -c ${bytes}`;

/** The floor: node-pty itself, raw Buffers, a listener that only counts. */
function bareReadLoop({ command }: Input): Promise<number> {
  const pty = loadPtyModule();
  return new Promise((resolve) => {
    const terminal = pty.spawn('sh', ['-c', command], { encoding: null, cols: 400, rows: 50 });
    let bytes = 0;
    terminal.onData((data) => {
      bytes += data.length;
    });
    terminal.onExit(() => resolve(bytes));
  });
}

/** The adapter: its readable-stream stdout piped into a counting Writable, with backpressure. */
async function adapterRead({ command }: Input): Promise<number> {
  const child = spawnPtyChild('sh', ['-c', command]);
  const sink = countingSink();
  await pipeline(child.stdout as unknown as NodeJS.ReadableStream, sink as unknown as NodeJS.WritableStream);
  return sink.bytes;
}

export default defineQuestion({
  id: 'pty',
  title: 'Pseudo-terminal: the spawnPtyChild adapter read through a stream vs a bare node-pty read loop',
  groups: [
    defineGroup<Input>({
      name: 'child writes 256 MiB of log lines to its terminal',
      setup: ({ quick }) => {
        const bytes = quick ? 16 * MiB : 256 * MiB;
        const lines = Math.ceil(bytes / (LINE.length + 1));
        // Every whole line's LF becomes CRLF; the cut last line has none.
        const newlines = Math.floor(bytes / (LINE.length + 1));
        return { bytes, command: writer(bytes), outputBytes: bytes + Math.min(newlines, lines) };
      },
      bytes: (input) => input.outputBytes,
      baseline: 'node-pty read loop, counting only',
      runs: 5,
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
          run: adapterRead,
          verify: (bytes, input) =>
            bytes === input.outputBytes ? 'ok: all bytes' : `wrong count: ${bytes} of ${input.outputBytes}`,
        },
      ],
      targets: [
        {
          contender: 'spawnPtyChild stdout → counting Writable',
          minRatio: 0.8,
          limitedBy: 'the terminal: ~4 KiB per read, one data event and one push per read',
        },
      ],
    }),
  ],
});
