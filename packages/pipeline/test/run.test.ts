import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually, isAlive, liveGroupMembers, makeTempDir } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { Readable } from 'readable-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, capture, run } from '../src/index';

/** The pids of this process's children, from every thread's `children` list. */
function childrenOfThisProcess(): number[] {
  return readdirSync('/proc/self/task')
    .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' '))
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b);
}

const MiB = 1024 * 1024;
const node = process.execPath;
const script = (source: string) => [node, ['-e', source]] as const;

describe('run', () => {
  const unexpected: unknown[] = [];
  const record = (error: unknown) => unexpected.push(error);
  beforeEach(() => {
    unexpected.length = 0;
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
    expect(unexpected).toEqual([]);
  });

  it('should hand back small output unchanged with the exit code', async () => {
    const result = await run('sh', ['-c', 'printf "hello\\n"; printf "warn\\n" >&2; exit 3']);
    expect(result.stdout.text).toBe('hello\n');
    expect(result.stderr.text).toBe('warn\n');
    expect(result).toMatchObject({
      exitCode: 3,
      signal: null,
      timedOut: false,
      cancelled: false,
      pipesHeldAfterExit: false,
    });
  });

  it("should expose each stream's stages while running, for live progress", async () => {
    const running = run(...script(`process.stdout.write('p'.repeat(${3 * MiB}))`));
    expect(running.stages?.stdout.counter).toBeDefined();
    const result = await running;
    expect(running.stages?.stdout.counter.bytes).toBe(3 * MiB);
    expect(running.stages?.stdout.sink.stats.totalBytes).toBe(
      result.stdout.keptBytes + result.stdout.omittedBytes,
    );
    expect(running.stages?.all).toBeNull();
  });

  it('should truncate 2 MiB of stdout with the exact marker and omitted count', async () => {
    const result = await run(...script(`process.stdout.write('x'.repeat(${2 * MiB}))`));
    expect(result.stdout.text).toBe(
      `${'x'.repeat(MiB)}\n...[stdout truncated: ${MiB} of ${2 * MiB} bytes omitted; limit is ${MiB} bytes]`,
    );
    expect(result.stdout).toMatchObject({
      bytes: 2 * MiB,
      keptBytes: MiB,
      omittedBytes: MiB,
      truncated: true,
    });
  });

  it('should bound interleaved large stdout and stderr each on its own', async () => {
    const source = `for (let i = 0; i < 64; i++) { process.stdout.write('o'.repeat(65536)); process.stderr.write('e'.repeat(32768)); }`;
    const result = await run(...script(source), { maxBytes: 100_000 });
    expect(result.stdout).toMatchObject({ bytes: 64 * 65536, keptBytes: 100_000, truncated: true });
    expect(result.stderr).toMatchObject({ bytes: 64 * 32768, keptBytes: 100_000, truncated: true });
    expect(result.stderr.text.startsWith('e'.repeat(100_000))).toBe(true);
  });

  it('should keep everything when maxBytes is null', async () => {
    const result = await run(...script(`process.stdout.write('y'.repeat(${3 * MiB}))`), { maxBytes: null });
    expect(result.stdout).toMatchObject({
      bytes: 3 * MiB,
      keptBytes: 3 * MiB,
      truncated: false,
      marker: null,
    });
    expect(result.stdout.text.length).toBe(3 * MiB);
  });

  it('should not mark output exactly at the limit', async () => {
    const result = await run('printf', ['0123456789'], { maxBytes: 10 });
    expect(result.stdout).toMatchObject({ text: '0123456789', truncated: false, marker: null });
  });

  it('should kill a never-ending writer on timeout, SIGKILL it when it ignores SIGTERM, and leave no live process of its group', async () => {
    const result = await run(
      'bash',
      [
        '-c',
        'trap "" TERM; (trap "" TERM; while :; do echo grandchild; done) & while :; do echo child; done',
      ],
      { timeout: 300, killGrace: 300, maxBytes: 4096 },
    );
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    expect(result.stdout).toMatchObject({ keptBytes: 4096, truncated: true });
    expect(await eventually(() => liveGroupMembers(result.pid as number).length === 0, 1000)).toBe(true);
  });

  it('should not wait for a setsid descendant that holds the pipe and writes forever, and that writer exits afterwards', async () => {
    const dir = await makeTempDir('pipeguard-run-');
    const pidFile = join(dir, 'writer.pid');
    // The writer never stops: a run that waited for it would never resolve.
    const result = await run(
      'bash',
      [
        '-c',
        `setsid bash -c 'echo $$ > ${pidFile}; while :; do echo held; done' & sleep 0.2; echo parent done`,
      ],
      {
        maxBytes: 1000,
      },
    );
    expect(result.pipesHeldAfterExit).toBe(true);
    expect(result.exitCode).toBe(0);
    const writer = Number(await readFile(pidFile, 'utf8'));
    expect(await eventually(() => !isAlive(writer), 2000)).toBe(true);
  });

  it('should not wait for a setsid sleeper that only holds the pipe', async () => {
    const pidFile = join(await makeTempDir('pipeguard-run-'), 'sleeper.pid');
    const result = await run('bash', ['-c', `(setsid sleep 20 & echo $! > ${pidFile}); echo hi`]);
    expect(result.stdout.text).toBe('hi\n');
    expect(result.pipesHeldAfterExit).toBe(true);
    // The result came while the holder still lived: it did not wait for it.
    const sleeper = Number(await readFile(pidFile, 'utf8'));
    expect(isAlive(sleeper)).toBe(true);
    process.kill(sleeper, 'SIGKILL');
  });

  it('should reject with AbortError when cancelled mid-run, after the writer exits, leaving nothing pending', async () => {
    const controller = new AbortController();
    const promise = run('bash', ['-c', 'while :; do echo tick; done'], { signal: controller.signal });
    // Cancelled once output has arrived, not after a guess at how long that takes.
    expect(await eventually(() => (promise.stages?.stdout.counter.bytes ?? 0) > 0, 30_000)).toBe(true);
    controller.abort(new Error('user pressed stop'));
    const error = (await promise.catch((caught: unknown) => caught)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: 'AbortError', code: 'ABORT_ERR' });
    expect((error.cause as Error).message).toBe('user pressed stop');
    expect(error.result?.cancelled).toBe(true);
    expect(error.result?.stdout.bytes).toBeGreaterThan(0);
    const group = error.result?.pid as number;
    expect(await eventually(() => liveGroupMembers(group).length === 0, 1000)).toBe(true);
  });

  it('should reject with AbortError on cancellation during a timeout path with a detached writer', async () => {
    const termed = join(await makeTempDir('pipeguard-run-'), 'termed');
    const controller = new AbortController();
    const promise = run(
      'bash',
      // The shell notes the timeout's SIGTERM in a file and goes on: the test cancels once it is there.
      [
        '-c',
        `trap "touch ${termed}" TERM; setsid bash -c 'while :; do echo held; done' & while :; do echo main; done`,
      ],
      // A kill grace longer than the test's timeout: only the SIGKILL the abort sends at once ends it.
      { signal: controller.signal, timeout: 100, killGrace: 60_000 },
    );
    expect(await eventually(() => existsSync(termed), 30_000)).toBe(true);
    controller.abort();
    const error = (await promise.catch((caught: unknown) => caught)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.result).toMatchObject({ timedOut: true, cancelled: true, signal: 'SIGKILL' });
  });

  it('should reject before spawning when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort('early');
    await expect(run('sh', ['-c', 'exit 0'], { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
      cause: 'early',
    });
  });

  it('should replace 500000 random bytes by the placeholder and report binaryOutputWithheld', async () => {
    // No LF: a random LF among the first bytes would end a line of text before the binary (1 run in 256).
    const result = await run('sh', ['-c', "head -c 500000 /dev/urandom | tr '\\n' '\\000'"]);
    expect(result.binaryOutputWithheld).toBe(true);
    expect(result.stdout.text).toMatch(/^\[binary output withheld: stdout, 500000 bytes from byte 0, /);
    expect(result.stdout.text.length).toBeLessThan(300);
    expect(result.stdout.bytes).toBe(500000);
  });

  it('should recover a GBK line among UTF-8 lines with fallback gbk', async () => {
    const dir = await makeTempDir('pipeguard-gbk-');
    const file = join(dir, 'mixed.txt');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('build ok ✓\n'),
        iconv.encode('错误：找不到文件\n', 'gbk'),
        Buffer.from('done\n'),
      ]),
    );
    const result = await run('cat', [file], { fallback: 'gbk' });
    expect(result.stdout.text).toBe('build ok ✓\n错误：找不到文件\ndone\n');
    expect(result.stdout.decoder).toMatchObject({ fallbackUnits: 1, utf8Units: 2 });
  });

  it('should write string, Buffer and stream input to stdin', async () => {
    expect((await run('cat', [], { input: 'from a string' })).stdout.text).toBe('from a string');
    expect((await run('cat', [], { input: Buffer.from('from a buffer') })).stdout.text).toBe('from a buffer');
    expect((await run('cat', [], { input: Readable.from(['from ', 'a stream']) })).stdout.text).toBe(
      'from a stream',
    );
  });

  it('should not report an error when the child exits without reading its input', async () => {
    const result = await run('true', [], { input: 'x'.repeat(4 * MiB) });
    expect(result.exitCode).toBe(0);
  });

  it('should interleave both streams in arrival order with all: true', async () => {
    const source = `process.stdout.write('1 out\\n'); setTimeout(() => { process.stderr.write('2 err\\n'); setTimeout(() => process.stdout.write('3 out\\n'), 50); }, 50);`;
    const result = await run(...script(source), { all: true });
    expect(result.all?.text).toBe('1 out\n2 err\n3 out\n');
    // One pipe for both streams (as 2>&1): the merged capture is stdout's.
    expect(result).toMatchObject({ stderrMerged: true, all: { label: 'stdout' } });
  });

  it('should report the signal that ended the child', async () => {
    const result = await run('sh', ['-c', 'kill -9 $$']);
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
  });

  it.each([
    [
      'a missing command',
      'no-such-command-pipeguard',
      {},
      'ERR_RUN_SPAWN',
      'Cannot run "no-such-command-pipeguard": command not found',
    ],
    [
      'a missing working directory',
      'ls',
      { cwd: '/no/such/dir' },
      'ERR_RUN_CWD',
      'Cannot run "ls": the working directory "/no/such/dir" does not exist',
    ],
  ])('should reject with a clear error for %s', async (_case, file, options, code, message) => {
    await expect(run(file, [], options)).rejects.toMatchObject({
      name: 'RunError',
      code,
      message,
      command: file,
    });
  });

  it('should reject with a clear error for a file that is not executable', async () => {
    const file = join(await makeTempDir('pipeguard-noexec-'), 'script.sh');
    writeFileSync(file, 'echo hi\n', { mode: 0o644 });
    await expect(run(file)).rejects.toMatchObject({
      name: 'RunError',
      code: 'ERR_RUN_SPAWN',
      message: `Cannot run "${file}": permission denied (not executable?)`,
      reason: 'permission denied (not executable?)',
    });
  });

  it.each([
    [
      '',
      [],
      {},
      TypeError,
      'The "file" argument must be a non-empty string without null bytes. Received \'\'',
    ],
    [
      42,
      [],
      {},
      TypeError,
      'The "file" argument must be a non-empty string without null bytes. Received type number (42)',
    ],
    ['ec\0ho', [], {}, TypeError, 'The "file" argument must be a non-empty string without null bytes.'],
    ['echo', ['a\0b'], {}, TypeError, 'The "args" argument must be an array of strings without null bytes.'],
    [
      'ls',
      '-l',
      {},
      TypeError,
      `The "args" argument must be an array of strings without null bytes. Received type string ('-l')`,
    ],
    [
      'ls',
      [],
      { timeout: -1 },
      RangeError,
      'The "timeout" option must be a non-negative safe integer or null. Received -1',
    ],
    [
      'ls',
      [],
      { maxBytes: -5 },
      RangeError,
      'The "maxBytes" option must be a non-negative safe integer or null. Received -5',
    ],
    [
      'ls',
      [],
      { killSignal: 'SIGNOPE' },
      RangeError,
      `The "killSignal" option must be a signal name such as 'SIGTERM'. Received 'SIGNOPE'`,
    ],
    [
      'ls',
      [],
      { signal: 'stop' },
      TypeError,
      `The "signal" option must be an instance of AbortSignal. Received type string ('stop')`,
    ],
    [
      'ls',
      [],
      { keep: 'middle' },
      RangeError,
      `The "keep" option must be one of 'head', 'tail', 'both'. Received 'middle'`,
    ],
  ])(
    'should throw before spawning for invalid input %j %j %j',
    (file, args, options, errorClass, message) => {
      const call = () => run(file as string, args as string[], options as never);
      expect(call).toThrow(errorClass);
      expect(call).toThrow(message);
    },
  );

  it.each([
    [{ maxBytes: -1 }, RangeError, 'The "maxBytes" option must be a non-negative safe integer or null'],
    [{ fallback: 'no-such-codepage' }, TypeError, 'no-such-codepage'],
    [{ maxLineBytes: 0 }, RangeError, 'The "maxLineBytes" option'],
    [{ input: 5 }, TypeError, 'The "input" option must be a string, a Buffer or a readable stream'],
  ])('should not start the command when an option is invalid: %j', async (options, errorClass, message) => {
    const marker = join(await makeTempDir('pipeguard-nospawn-'), 'started');
    const call = () => run('sh', ['-c', `touch ${marker}`], options as never);
    const childrenBefore = childrenOfThisProcess();
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
    // spawn() forks before it returns: a command started by the calls above would be a child by now.
    expect(childrenOfThisProcess()).toEqual(childrenBefore);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('capture', () => {
  it('should throw for an invalid option before it reads the child', async () => {
    const child = spawn('sh', ['-c', 'echo hi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    expect(() => capture(child, { keep: 'middle' } as never)).toThrow(
      `The "keep" option must be one of 'head', 'tail', 'both'. Received 'middle'`,
    );
    expect(child.stdout?.listenerCount('data')).toBe(0);
    expect(child.stdout?.readableFlowing).toBe(null);
    child.stdout?.resume();
    await once(child, 'close');
  });
});
