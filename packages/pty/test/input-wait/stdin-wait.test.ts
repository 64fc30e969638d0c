import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, writePtyBlocker } from '@pipeguard/test-utils';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type InputWait, InputWaitWatch } from '../../src/index';
import { drivenWatch } from './driven-watch';

const PYTHON = '/usr/bin/python3';

/** Spawns on pipes in a group of its own, as run() does; the group is ended when the test finishes. */
function spawnGrouped(file: string, args: string[], stdin: 'pipe' | 'ignore'): ChildProcess {
  const child = spawn(file, args, { stdio: [stdin, 'pipe', 'pipe'], detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onTestFinished(async () => {
    child.stdin?.destroy();
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
  });
  return child;
}

/** Watches a child on pipes as run() would with a live `input` stream; resolves with the first wait. */
function firstStdinWait(child: ChildProcess): Promise<InputWait> {
  return new Promise((resolve) => {
    const watch = new InputWaitWatch({
      pid: child.pid as number,
      input: 'stdin',
      onChange: (wait) => {
        if (wait === null) return;
        watch.stop();
        resolve(wait);
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => watch.output(chunk, 'stdout'));
    child.stderr?.on('data', (chunk: Buffer) => watch.output(chunk, 'stderr'));
  });
}

describe('InputWaitWatch on pipes with a live input stream', () => {
  it('should find a command blocked reading the stream, with its prompt', async () => {
    const child = spawnGrouped(PYTHON, ['-c', 'input("Overwrite config.yml? [y/N] ")'], 'pipe');
    const wait = await firstStdinWait(child);
    expect(wait.prompt).toBe('Overwrite config.yml? [y/N]');
    expect(wait.evidence).toMatchObject({
      method: 'proc',
      input: 'stdin',
      pid: child.pid,
      syscall: 'read',
      fd: 0,
    });
    expect(wait.evidence.terminalModes).toBeNull();
  });

  it("should find a member of the command's group reading the stream, with the prompt from stderr", async () => {
    const child = spawnGrouped('sh', ['-c', 'printf "Token: " >&2; head -n 1 >/dev/null'], 'pipe');
    const wait = await firstStdinWait(child);
    expect(wait.prompt).toBe('Token:');
    expect(wait.evidence).toMatchObject({ input: 'stdin', processName: 'head', secret: true });
    expect(wait.evidence.pid).not.toBe(child.pid);
  });

  it('should find no wait when stdin is not a stream (no input: /dev/null)', async () => {
    const child = spawnGrouped('sleep', ['60'], 'ignore');
    const driven = drivenWatch(child.pid as number, 'stdin');
    await driven.advance(5000);
    driven.watch.stop();
    expect(driven.samples.map(({ sample }) => sample)).toEqual(
      Array(4).fill({ verdict: 'not-waiting', reason: 'stdin is not a live stream' }),
    );
  });

  it('should load and detect without the pseudo-terminal package', async () => {
    // A platform without node-pty's binary: the package still loads, and pipes need no terminal.
    const dir = await makeTempDir('pipeguard-no-node-pty-');
    const script = join(dir, 'detect.mts');
    const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
    writeFileSync(
      script,
      [
        "import { spawn } from 'node:child_process';",
        `import { InputWaitWatch } from ${JSON.stringify(entry)};`,
        `const child = spawn(${JSON.stringify(PYTHON)}, ['-c', 'input("Name? ")'], { stdio: ['pipe', 'pipe', 'inherit'], detached: true });`,
        "const watch = new InputWaitWatch({ pid: child.pid, input: 'stdin', onChange: (wait) => {",
        '  console.log(JSON.stringify(wait));',
        '  watch.stop();',
        "  process.kill(-child.pid, 'SIGKILL');",
        '} });',
        "child.stdout.on('data', (chunk) => watch.output(chunk));",
      ].join('\n'),
    );
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const run = spawnSync(process.execPath, ['--require', writePtyBlocker(dir), '--import', 'tsx', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({
      prompt: 'Name?',
      evidence: { method: 'proc', input: 'stdin' },
    });
  });
});
