import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@pipeguard/test-utils';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type InputWait, type InputWaitSample, InputWaitWatch, spawnPtyChild } from '../src/index';

/** The window without a false alarm, in real time (CI drives it on a manual clock instead). */
const WINDOW_MS = Number(process.env.PIPEGUARD_SOAK_MS ?? 20_000);

interface Watched {
  name: string;
  samples: InputWaitSample[];
  waits: (InputWait | null)[];
}

/** Watches a command in real time; its group is ended when the test finishes. */
function watch(
  name: string,
  child: ChildProcess | ReturnType<typeof spawnPtyChild>,
  input: 'terminal' | 'stdin',
) {
  const record: Watched = { name, samples: [], waits: [] };
  const watcher = new InputWaitWatch({
    pid: child.pid as number,
    input,
    onSample: (sample) => record.samples.push(sample),
    onChange: (wait) => record.waits.push(wait),
  });
  child.stdout?.on('data', (chunk: Buffer) => watcher.output(chunk));
  child.stderr?.on('data', (chunk: Buffer) => watcher.output(chunk, 'stderr'));
  onTestFinished(() => {
    watcher.stop();
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return { record, watcher };
}

describe('InputWaitWatch soak', () => {
  it(
    `should raise no false alarm on quiet commands over ${WINDOW_MS / 1000} s in real time`,
    async () => {
      const dir = await makeTempDir('pipeguard-input-wait-soak-');
      const log = join(dir, 'quiet.log');
      writeFileSync(log, 'started\n');
      const pty = (file: string, args: string[]) => spawnPtyChild(file, args);
      const server = [
        "require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1');",
        "process.stdin.on('data', () => {});",
      ].join('\n');
      const watched = [
        watch('sleep', pty('sleep', ['600']), 'terminal'),
        watch('a busy loop', pty('sh', ['-c', 'while :; do :; done']), 'terminal'),
        watch('a silent compile step', pty('sh', ['-c', 'sleep 600; echo compiled']), 'terminal'),
        watch('tail -f of a quiet file', pty('tail', ['-f', log]), 'terminal'),
        watch(
          'an idle python3 -m http.server',
          pty('/usr/bin/python3', ['-m', 'http.server', '0']),
          'terminal',
        ),
        watch('a dev server reading keys', pty(process.execPath, ['-e', server]), 'terminal'),
      ];
      const sort = spawn('sort', [], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
      const fed = watch('sort fed a line a second', sort, 'stdin');
      const feeding = setInterval(() => {
        sort.stdin.write('line\n');
        fed.watcher.input();
      }, 1000);
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      clearInterval(feeding);
      for (const { record } of watched) {
        expect({ name: record.name, waits: record.waits }).toEqual({ name: record.name, waits: [] });
        expect(record.samples.length).toBeGreaterThanOrEqual(Math.floor((WINDOW_MS - 1500) / 1000) - 1);
      }
      expect(fed.record).toEqual({ name: 'sort fed a line a second', samples: [], waits: [] });
    },
    WINDOW_MS + 30_000,
  );
});
