import { exec, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { run } from '@pipeguard/pipeline';
import { execa } from 'execa';
import { GiB, MiB } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

const execAsync = promisify(exec);

interface Input {
  bytes: number;
  command: string;
}

/** A child that writes `bytes` of log lines to stdout and exits. */
const writer = (bytes: number) =>
  `yes 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......' | head -c ${bytes}`;

/** The floor: a bare spawn that only counts what the child writes. */
function bareSpawn({ command }: Input): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    child.once('error', reject);
    child.once('close', () => resolve(bytes));
  });
}

const describeFailure = (error: unknown) => {
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  return `rejected: ${code ?? name ?? ''} ${String(message).split('\n')[0]?.slice(0, 60)}`;
};

export default defineQuestion({
  id: 'child-processes',
  title:
    'Child processes: run() on a child writing a lot of output vs execa, child_process.exec and a bare counting spawn',
  groups: [
    defineGroup<Input>({
      name: 'child writes 1 GiB of log lines to stdout',
      setup: ({ quick }) => {
        const bytes = quick ? 32 * MiB : GiB;
        return { bytes, command: writer(bytes) };
      },
      bytes: (input) => input.bytes,
      baseline: 'spawn, counting only',
      runs: 5,
      contenders: [
        {
          name: 'spawn, counting only',
          run: bareSpawn,
          verify: (bytes, input) =>
            bytes === input.bytes ? 'ok: counts only, keeps nothing' : 'wrong count',
        },
        {
          name: 'run() (1 MiB head limit)',
          run: ({ command }) => run('sh', ['-c', command]),
          verify: (output, input) => {
            const result = output as Awaited<ReturnType<typeof run>>;
            return result.stdout.bytes === input.bytes && result.stdout.truncated
              ? 'ok: first 1 MiB + exact marker'
              : 'wrong';
          },
        },
        {
          name: 'execa (default maxBuffer)',
          run: ({ command }) =>
            execa('sh', ['-c', command]).then((result) => result.stdout.length, describeFailure),
          verify: (output) =>
            typeof output === 'string' ? `${output}; keeps up to 100 M chars` : `kept ${output} chars`,
        },
        {
          name: 'child_process.exec (default 1 MiB maxBuffer)',
          run: ({ command }) => execAsync(command).then((result) => result.stdout.length, describeFailure),
          verify: (output) =>
            typeof output === 'string' ? `${output}; no marker, child killed` : `kept ${output}`,
        },
        {
          name: 'child_process.exec (maxBuffer Infinity)',
          run: ({ command }) =>
            execAsync(command, { maxBuffer: Number.POSITIVE_INFINITY, encoding: 'buffer' }).then(
              (result) => result.stdout.length,
              describeFailure,
            ),
          verify: (output) =>
            typeof output === 'number' ? `holds all ${output} bytes in memory` : String(output),
        },
      ],
      targets: [{ contender: 'run() (1 MiB head limit)', minRatio: 1 / 1.3 }],
    }),
  ],
});
