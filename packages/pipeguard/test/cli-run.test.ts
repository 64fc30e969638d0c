import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { quoteShellArgument } from '@pipeguard/shared';
import { eventually, liveGroupMembers, makeTempDir } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt, runCli } from './helpers/cli';

const node = (source: string) => [process.execPath, '-e', source];
const CLEAR_LINE = '\r\x1b[2K';

describe('pipeguard -- COMMAND', () => {
  beforeAll(() => requireBuilt());

  it('should print both streams unchanged and exit 0 when the command succeeds', async () => {
    const run = await runCli(['--', 'sh', '-c', 'echo out; echo err >&2']);
    expect(run).toMatchObject({ status: 0, stdout: 'out\n', stderr: 'err\n' });
  });

  it("should exit with the command's own status when it fails", async () => {
    const run = await runCli(['--', 'sh', '-c', 'echo partial; exit 3']);
    expect(run).toMatchObject({ status: 3, stdout: 'partial\n', stderr: '' });
  });

  it('should keep the head with the exact marker when the output exceeds --max-bytes', async () => {
    const run = await runCli(['--max-bytes', '1KiB', '--', 'seq', '1', '100000']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^1\n2\n3\n/);
    expect(
      run.stdout.endsWith('\n...[stdout truncated: 587871 of 588895 bytes omitted; limit is 1024 bytes]\n'),
    ).toBe(true);
  });

  it('should keep the tail when asked to with --keep tail', async () => {
    const run = await runCli(['--max-bytes', '7', '--keep', 'tail', '--', 'seq', '1', '100000']);
    expect(run.stdout).toBe(
      '...[stdout truncated: 588888 of 588895 bytes omitted; limit is 7 bytes]\n100000\n',
    );
  });

  it('should withhold binary output behind a placeholder naming the command unless --no-binary-guard', async () => {
    const command = ['head', '-c', '100000', '/dev/urandom'];
    const guarded = await runCli(['--', ...command]);
    expect(guarded.stdout).toMatch(
      /\[binary output withheld: stdout, \d+ bytes from byte \d+, [\d.]+% control bytes\./,
    );
    expect(guarded.stdout).toContain('redirect it to a file: head -c 100000 /dev/urandom > out.bin');
    expect(guarded.stdout.length).toBeLessThan(600);
    const raw = await runCli(['--no-binary-guard', '--', ...command]);
    expect(raw.stdout).toContain('\uFFFD');
    expect(raw.stdout).not.toContain('binary output withheld');
  });

  it('should decode a GBK line when given --fallback gbk', async () => {
    const gbk = iconv.encode('错误：找不到文件\n', 'gbk').toString('hex');
    const run = await runCli([
      '--fallback',
      'gbk',
      '--',
      ...node(`process.stdout.write(Buffer.from('${gbk}', 'hex'))`),
    ]);
    expect(run.stdout).toBe('错误：找不到文件\n');
  });

  it('should cut long lines when given --max-line-bytes', async () => {
    const run = await runCli(['--max-line-bytes', '10', '--', ...node("console.log('a'.repeat(30))")]);
    expect(run.stdout).toBe(
      `${'a'.repeat(10)}…[+20 bytes omitted, starting at byte offset 10 up to and including byte offset 29]\n`,
    );
  });

  it('should exit 124 and name the timeout that fired when the command outlives --timeout', async () => {
    const run = await runCli(['--timeout', '1s', '--', 'sh', '-c', 'echo before; sleep 10']);
    expect(run.status).toBe(124);
    expect(run.stdout).toBe('before\n');
    expect(run.stderr).toBe(
      "pipeguard: timed out: the 1 s timeout fired; the command's process group was sent SIGTERM and killed after the grace\n",
    );
  });

  it('should put the timeout note on a line of its own after a stderr tail cut mid-line', async () => {
    const script = 'printf aaaaaaaaaa >&2; sleep 10';
    const run = await runCli([
      '--max-bytes',
      '5',
      '--keep',
      'tail',
      '--timeout',
      '300ms',
      '--',
      'sh',
      '-c',
      script,
    ]);
    expect(run.status).toBe(124);
    expect(run.stderr).toMatch(
      /^\.\.\.\[stderr truncated: 5 of 10 bytes omitted; limit is 5 bytes\]\naaaaa\npipeguard: timed out: the 0\.3 s timeout fired; /,
    );
  });

  it.each([
    ['SIGKILL', 137],
    ['SIGTERM', 143],
  ])('should exit 128+N when the command is killed by %s', async (signal, status) => {
    const run = await runCli(['--', 'sh', '-c', `kill -${signal.slice(3)} $$`]);
    expect(run.status).toBe(status);
    expect(run.stderr).toBe(`pipeguard: the command was killed by ${signal}\n`);
  });

  it('should exit 127 with one line when the command does not exist', async () => {
    const run = await runCli(['--', 'pipeguard-no-such-command']);
    expect(run).toMatchObject({
      status: 127,
      stdout: '',
      stderr: "pipeguard: cannot run 'pipeguard-no-such-command': command not found\n",
    });
  });

  it('should end quietly with 141, as a command ended by SIGPIPE, when the reader of its stdout stops early', async () => {
    const bin = [process.execPath, CLI, '--', 'sh', '-c', 'yes | head -c 1000000; exit 3']
      .map(quoteShellArgument)
      .join(' ');
    // pipeguard's stdout goes to a `head` that reads 10 bytes; its stderr and status to ours.
    const script = `{ { ${bin}; echo "status $?" >&2; } | head -c 10 >/dev/null; } 2>&1`;
    const { stdout } = await promisify(execFile)('sh', ['-c', script]);
    expect(stdout).toBe('status 141\n');
  });

  it('should return soon after the command exits when a setsid descendant holds its output', async () => {
    const detach =
      "require('child_process').spawn('sleep', ['3'], { detached: true, stdio: 'inherit' }).unref()";
    const run = await runCli(['--', ...node(`${detach}; console.log('parent done')`)]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('parent done\n');
    expect(run.stderr).toContain('kept its output open after it exited; pipeguard closed it');
  });

  it('should stop the process group, print what was captured and exit 130 when interrupted with SIGINT', async () => {
    // Arrange: a command that ignores SIGTERM, so the clean-up must escalate to SIGKILL.
    const pidFile = join(await makeTempDir('pipeguard-cli-'), 'pid');
    let pid = 0;
    const running = runCli(
      ['--', 'sh', '-c', `trap "" TERM; echo $$ > ${pidFile}; echo started; sleep 30 & wait`],
      {
        onSpawn: (spawned) => {
          pid = spawned;
        },
      },
    );
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'))).toBe(
      true,
    );
    const group = Number(readFileSync(pidFile, 'utf8'));
    expect(await eventually(() => liveGroupMembers(group).length === 2)).toBe(true);
    // Act
    process.kill(pid, 'SIGINT');
    const run = await running;
    // Assert: SIGTERM is ignored, so SIGKILL ends the group after the grace, and the run ends before the sleep.
    expect(run.status).toBe(130);
    expect(run.stdout).toBe('started\n');
    expect(run.stderr).toMatch(
      /^pipeguard: interrupted by SIGINT after \d+(\.\d+)? s; the command's process group was stopped\n$/,
    );
    expect(await eventually(() => liveGroupMembers(group).length === 0)).toBe(true);
  });

  it('should print the whole result as JSON with the exit status unchanged when given --json', async () => {
    const run = await runCli([
      '--json',
      '--max-bytes',
      '4',
      '--',
      'sh',
      '-c',
      'echo hello; echo ok >&2; exit 5',
    ]);
    expect(run.status).toBe(5);
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ schemaVersion: 1, command: 'run' });
    expect(result).toMatchObject({ exitCode: 5, signal: null, timedOut: false, cancelled: false });
    expect(result.stdout).toMatchObject({
      label: 'stdout',
      text: 'hell\n...[stdout truncated: 2 of 6 bytes omitted; limit is 4 bytes]',
      bytes: 6,
      keptBytes: 4,
      omittedBytes: 2,
      truncated: true,
      binaryWithheld: false,
      decoder: expect.any(Object),
    });
    expect(result.stderr).toMatchObject({ text: 'ok\n', bytes: 3, truncated: false });
  });
});

describe('pipeguard --all', () => {
  beforeAll(() => requireBuilt());

  it.each([1, 2, 3])('should print both streams in the order they were written (try %i)', async () => {
    const run = await runCli(['--all', '--', 'sh', '-c', 'echo a; echo b >&2; echo c']);
    expect(run).toMatchObject({ status: 0, stdout: 'a\nb\nc\n', stderr: '' });
  });

  it('should count both streams as stdout in --json, stderr empty and merged', async () => {
    const run = await runCli(['--all', '--json', '--', 'sh', '-c', 'echo a; echo b >&2; echo c']);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ stderrMerged: true, stdout: { bytes: 6 }, stderr: { bytes: 0 } });
  });
});

describe('deprecated flags', () => {
  beforeAll(() => requireBuilt());

  it('should run with a deprecated flag and say on stderr what to write instead', async () => {
    const run = await runCli(['--fold', '--', 'sh', '-c', 'echo x; echo x']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('x\n[previous line repeated 1 more time]\n');
    expect(run.stderr).toBe(
      'pipeguard: note: --fold is deprecated: use --fold-repeats (the old name goes in 0.3)\n',
    );
  });
});

describe('COMMAND | pipeguard', () => {
  beforeAll(() => requireBuilt());

  it('should filter standard input through the preset when no command is given', async () => {
    const input = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join('');
    const run = await runCli(['--max-bytes', '16', '--keep', 'both'], { input });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      `line 0\nl\n...[stdin truncated: ${input.length - 16} of ${input.length} bytes omitted; limit is 16 bytes]\nine 999\n`,
    );
  });

  it('should end a kept tail exactly as the input did, and a head marker with a newline', async () => {
    const tail = await runCli(['--max-bytes', '2', '--keep', 'tail'], { input: 'abc' });
    expect(tail.stdout).toBe('...[stdin truncated: 1 of 3 bytes omitted; limit is 2 bytes]\nbc');
    const head = await runCli(['--max-bytes', '2'], { input: 'abc' });
    expect(head.stdout).toBe('ab\n...[stdin truncated: 1 of 3 bytes omitted; limit is 2 bytes]\n');
  });

  it('should exit 2 with a hint instead of waiting when standard input is a terminal', async () => {
    const shell = `${[process.execPath, CLI].map(quoteShellArgument).join(' ')}; echo "status $?"`;
    const { stdout: screen } = await promisify(execFile)('script', ['-qc', shell, '/dev/null']);
    expect(screen).toBe(
      'pipeguard: no COMMAND after -- and standard input is a terminal: pipe output in, or run pipeguard -- COMMAND (see pipeguard --help)\r\nstatus 2\r\n',
    );
  });

  it('should print the capture as JSON when given --json', async () => {
    const run = await runCli(['--json'], { input: Buffer.from([0xff, 0x0a]) });
    expect(JSON.parse(run.stdout)).toMatchObject({ label: 'stdin', text: '\uFFFD\n', bytes: 2 });
  });
});

/**
 * Runs `shell` under `script` (so stderr is a terminal) and creates `release` once the screen matches
 * `drawn`: the command waits for that file, so the run lasts exactly until the line has been seen.
 */
async function screenOnceDrawn(shell: string, release: string, drawn: RegExp): Promise<string> {
  const child = spawn('script', ['-qfc', shell, '/dev/null'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let screen = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    screen += text;
    if (drawn.test(screen) && !existsSync(release)) writeFileSync(release, '');
  });
  await once(child, 'close');
  return screen;
}

/** A shell loop that returns once `file` exists (the test creates it when it has seen what it waits for). */
const waitForFile = (file: string) => `while [ ! -e ${quoteShellArgument(file)} ]; do sleep 0.05; done`;

describe('pipeguard progress line', () => {
  beforeAll(() => requireBuilt());
  const PROGRESS = /pipeguard \d\.\ds · /;

  it('should never appear when stderr is not a terminal', async () => {
    const run = await runCli(['--', process.execPath, '-e', "setTimeout(() => console.log('done'), 1600)"]);
    expect(run).toMatchObject({ status: 0, stdout: 'done\n', stderr: '' });
  });

  it('should appear and be cleared before the result when stderr is a terminal', async () => {
    const release = join(await makeTempDir('pipeguard-progress-'), 'seen');
    const command = ['--', 'sh', '-c', `${waitForFile(release)}; echo done`];
    const shell = [process.execPath, CLI, ...command].map(quoteShellArgument).join(' ');
    const screen = await screenOnceDrawn(shell, release, PROGRESS);
    expect(screen.startsWith(CLEAR_LINE)).toBe(true);
    expect(screen.slice(CLEAR_LINE.length)).toMatch(
      /^pipeguard \d\.\ds · stdout 0 B read · stderr 0 B read · 0 B\/s/,
    );
    // `done` is printed as it comes, the line erased first; a redraw after it is erased at the end.
    const [printed, redrawn = ''] = screen.slice(screen.lastIndexOf(`${CLEAR_LINE}done`)).split('\r\n');
    expect(printed).toBe(`${CLEAR_LINE}done`);
    expect(redrawn === '' || (redrawn.startsWith(CLEAR_LINE) && redrawn.endsWith(CLEAR_LINE))).toBe(true);
  });

  it('should count standard input with the live stage stats when filtering on a terminal', async () => {
    const release = join(await makeTempDir('pipeguard-progress-'), 'seen');
    const producer = `printf '%05000d' 0 | tr 0 x; ${waitForFile(release)}`;
    // A kept tail is printed at the end (a head would be printed as it comes, here mid-line: no line is drawn over it).
    const flags = ['--max-bytes', '1000', '--keep', 'tail'];
    const shell = `{ ${producer}; } | ${[process.execPath, CLI, ...flags].map(quoteShellArgument).join(' ')}`;
    const screen = await screenOnceDrawn(shell, release, /stdin 4\.9 KiB read/);
    expect(screen).toMatch(/pipeguard \d\.\ds · stdin 4\.9 KiB read, 3\.9 KiB discarded · \d/);
    expect(
      screen.endsWith(
        `${CLEAR_LINE}...[stdin truncated: 4000 of 5000 bytes omitted; limit is 1000 bytes]\r\n${'x'.repeat(1000)}`,
      ),
    ).toBe(true);
  });
});
