import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { collectBytes, useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt, runCli } from './helpers/cli';

const files = useTempDir('pipeguard-cli-live-');

/**
 * Runs the built binary and creates `flag` as soon as its stderr shows `cue`: a command that waits for
 * the flag (up to 5 s, then prints 'late') proves the cue reached stderr while it was still running.
 */
async function runUntilCue(args: readonly string[], cue: string, flag: string) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr += text;
    if (stderr.includes(cue)) writeFileSync(flag, '');
  });
  const [status, stdout] = await Promise.all([
    new Promise<number | null>((resolve) => child.once('close', resolve)),
    collectBytes(child.stdout),
  ]);
  return { status, stdout: stdout.toString(), stderr };
}

// Waits for the flag file for at most 5 s, then says whether it came.
const waitFor = (flag: string) =>
  `i=0; while [ ! -e '${flag}' ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done; [ -e '${flag}' ] && echo second || echo late`;

describe('pipeguard --live', () => {
  beforeAll(() => requireBuilt());

  it('should show lines on stderr while the command runs, then print the bounded result (JSON on stdout)', async () => {
    const flag = files.path('live-flag');
    const run = await runUntilCue(
      ['--live-lines', '--json', '--max-bytes', '50', '--', 'sh', '-c', `seq 1 100; ${waitFor(flag)}`],
      '100\n',
      flag,
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`${Array.from({ length: 100 }, (_, i) => `${i + 1}\n`).join('')}second\n`);
    const { stdout } = JSON.parse(run.stdout);
    expect(stdout.text).toMatch(
      /^1\n2\n[\s\S]*\.\.\.\[stdout truncated: \d+ of 299 bytes omitted; limit is 50 bytes\]$/,
    );
    expect(stdout.text).not.toContain('late');
  });

  it('should print the result after a note when stdout is not JSON', async () => {
    const run = await runCli(['--live-lines', '--', 'sh', '-c', 'echo out; echo err >&2']);
    expect(run.stdout).toBe('out\n');
    expect(run.stderr).toMatch(
      /^(out\nerr\n|err\nout\n)pipeguard: the live output ends here; the bounded result follows\nerr\n$/,
    );
  });
});

describe('pipeguard --pty', () => {
  beforeAll(() => requireBuilt());

  it('should run the command under a terminal of the size given, rendered, both streams on stdout', async () => {
    const script =
      'test -t 0 && test -t 1 && echo tty; printf "\\033[32mgreen\\033[0m\\n"; echo err >&2; stty size';
    const run = await runCli(['--pty', '--cols', '33', '--rows', '7', '--', 'sh', '-c', script]);
    expect(run).toMatchObject({ status: 0, stdout: 'tty\ngreen\nerr\n7 33\n', stderr: '' });
    const raw = await runCli([
      '--pty',
      '--render',
      'raw',
      '--',
      'sh',
      '-c',
      'printf "\\033[32mgreen\\033[0m\\n"',
    ]);
    expect(raw.stdout).toBe('\u001b[32mgreen\u001b[0m\n');
    expect((await runCli(['--', 'sh', '-c', 'test -t 1 && echo tty || echo pipe'])).stdout).toBe('pipe\n');
  });

  it('should show a line of a program that buffers on pipes (python3 without -u) live under --pty', async () => {
    const flag = files.path('pty-flag');
    const python = `import os, time
print("first")
for _ in range(50):
    if os.path.exists(${JSON.stringify(flag)}): break
    time.sleep(0.1)
print("second" if os.path.exists(${JSON.stringify(flag)}) else "late")`;
    // The guard holds the first 256 bytes before it decides, and the renderer its live region (the terminal's 50 rows)
    // until they scroll away: without both, lines pass at once.
    const args = [
      '--pty',
      '--live-lines',
      '--json',
      '--render',
      'raw',
      '--no-binary-guard',
      '--',
      'python3',
      '-c',
      python,
    ];
    const run = await runUntilCue(args, 'first\n', flag);
    expect(JSON.parse(run.stdout).stdout.text).toBe('first\nsecond\n');
  });

  it('should reject --cols or --rows without --pty, and a value for --pty other than auto', async () => {
    expect(await runCli(['--cols', '80', '--', 'true'])).toMatchObject({
      status: 2,
      stderr:
        'pipeguard: --cols and --rows size the terminal of --pty: give --pty too (see pipeguard --help)\n',
    });
    expect((await runCli(['--pty=yes', '--', 'true'])).stderr).toBe(
      "pipeguard: --pty takes no value or =auto; got 'yes' (see pipeguard --help)\n",
    );
    expect((await runCli(['--pty', '--cols', '0', '--', 'true'])).status).toBe(2);
  });
});
