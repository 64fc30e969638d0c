import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectBytes, eventually, isAlive, makeTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt, runShellPipeline } from './helpers/cli';

/** A shell loop that returns once `file` exists (the test creates it when it has seen what it waits for). */
const waitForFile = (file: string) => `while [ ! -e ${file} ]; do sleep 0.05; done`;

/**
 * Runs the built CLI and creates `release` once its stdout holds `bytes` bytes: the command waits for that
 * file, so what was printed by then was printed while it ran. Resolves with that early output, all of
 * stdout, stderr and the status.
 */
async function runUntilPrinted(args: readonly string[], release: string, bytes: number) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let early: string | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    const printed = Buffer.concat(chunks);
    if (early === null && printed.length >= bytes) {
      early = printed.toString();
      writeFileSync(release, '');
    }
  });
  const stderr = collectBytes(child.stderr);
  const [status] = (await once(child, 'close')) as [number | null];
  return { early, stdout: Buffer.concat(chunks).toString(), stderr: (await stderr).toString(), status };
}

// Issue 39: a command that never ends must not hang a pipe. The kept head is final once it has arrived:
// pipeguard prints it as it comes, so a reader that leaves ends the command's group (141), as unbounded.
describe('pipeguard printing the kept head as it settles', () => {
  beforeAll(() => requireBuilt());

  it('should print three lines of yes and end it with 141 when head leaves (pipeguard -- yes | head -n 3)', async () => {
    const run = await runShellPipeline('pipeguard -- yes | head -n 3');
    expect(run.statuses).toEqual([141, 0]);
    expect(run.stdout).toBe('y\ny\ny\n');
    expect(run.stderr).toBe('');
  });

  it('should print the kept head while the command runs, then the rest and the marker at its end', async () => {
    const release = join(await makeTempDir('pipeguard-settled-'), 'seen');
    const command = `seq 1 1000; ${waitForFile(release)}; echo after; exit 3`;
    const head = Array.from({ length: 1000 }, (_, i) => `${i + 1}\n`)
      .join('')
      .slice(0, 100);
    // Its whole lines come as they settle; the last one, cut by the limit, with the marker at the end.
    const lines = head.slice(0, head.lastIndexOf('\n') + 1);
    const args = ['--max-bytes', '100', '--', 'sh', '-c', command];
    const run = await runUntilPrinted(args, release, lines.length);
    expect(run.early).toBe(lines);
    expect(run.stdout).toBe(
      `${head}\n...[stdout truncated: 3799 of 3899 bytes omitted; limit is 100 bytes]\n`,
    );
    expect(run.status).toBe(3);
  });

  it('should keep printing a kept tail at the end (--keep tail), as before', async () => {
    const run = await runShellPipeline('pipeguard --keep tail --max-bytes 5 -- seq 1 10');
    expect(run.statuses).toEqual([0]);
    expect(run.stdout).toBe('...[stdout truncated: 16 of 21 bytes omitted; limit is 5 bytes]\n9\n10\n');
  });
});

// Issue 37 and 40: --max-bytes none runs through run()'s lifecycle, so a descendant that left the
// command's process group with setsid is contained and ended by the timeout like the rest.
describe('pipeguard --max-bytes none under run()', () => {
  beforeAll(() => requireBuilt());

  it('should end a setsid descendant when the timeout fires', async () => {
    const pidFile = join(await makeTempDir('pipeguard-escape-'), 'escaped.pid');
    const escapee = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' > /dev/null 2>&1 < /dev/null &`;
    const command = `${escapee} ${waitForFile(pidFile)}; echo started; exec sleep 300`;
    const child = spawn(
      process.execPath,
      [CLI, '--max-bytes', 'none', '--timeout', '1s', '--', 'sh', '-c', command],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const [stdout, stderr] = [collectBytes(child.stdout), collectBytes(child.stderr)];
    const [status] = (await once(child, 'close')) as [number | null];
    expect(status).toBe(124);
    expect((await stdout).toString()).toBe('started\n');
    expect((await stderr).toString()).toContain('timed out');
    expect(existsSync(pidFile)).toBe(true);
    const escaped = Number(readFileSync(pidFile, 'utf8'));
    expect(await eventually(() => !isAlive(escaped), 10_000)).toBe(true);
  });
});
