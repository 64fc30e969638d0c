import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually, isAlive, liveGroupMembers, makeTempDir, openDescriptors } from '@pipeguard/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, type RunOptions, type RunResult, run } from '../src/index';

/** Pipes and sockets this process holds: what a leaked child stream would leave behind. */
const pipeCount = () => openDescriptors().filter((target) => target.startsWith('pipe:')).length;

/** Timers with a long delay that are still pending: a kill grace or timeout left behind by a result. */
function trackLongTimers(): { pending: () => number; restore: () => void } {
  const original = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  const pending = new Set<unknown>();
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const handle = original.setTimeout(
      (...callArgs: unknown[]) => {
        pending.delete(handle);
        callback(...callArgs);
      },
      delay,
      ...args,
    );
    if ((delay ?? 0) >= 1000) pending.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: NodeJS.Timeout | undefined) => {
    pending.delete(handle);
    original.clearTimeout(handle);
  }) as typeof clearTimeout;
  return {
    pending: () => pending.size,
    restore: () => Object.assign(globalThis, original),
  };
}

/** Runs a bash script with `options`, aborts it after 300 ms, and returns the AbortError and its result. */
async function abortAfter300Ms(script: string, options: RunOptions): Promise<RunResult> {
  const controller = new AbortController();
  const promise = run('bash', ['-c', script], { ...options, signal: controller.signal });
  setTimeout(() => controller.abort(), 300);
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AbortError);
  const { result } = error as AbortError;
  expect(result?.cancelled).toBe(true);
  return result as RunResult;
}

describe('run under faults', () => {
  const unexpected: unknown[] = [];
  const record = (error: unknown) => unexpected.push(error);
  let pipesBefore = 0;
  let timers: ReturnType<typeof trackLongTimers>;
  beforeEach(() => {
    unexpected.length = 0;
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    pipesBefore = pipeCount();
    timers = trackLongTimers();
  });
  afterEach(async () => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
    expect(unexpected).toEqual([]);
    // Every pipe of every child is closed once the result is in.
    expect(await eventually(() => pipeCount() <= pipesBefore, 1000)).toBe(true);
    // No kill-grace or timeout timer outlives a result.
    const leftTimers = timers.pending();
    timers.restore();
    expect(leftTimers).toBe(0);
  });

  const groupGone = (result: Pick<RunResult, 'pid'>) =>
    eventually(() => liveGroupMembers(result.pid as number).length === 0, 1500);

  it('should report a crash by signal with what was written before it', async () => {
    const result = await run('sh', ['-c', 'echo before; kill -SEGV $$']);
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGSEGV', timedOut: false });
    expect(result.stdout.text).toBe('before\n');
  });

  it('should report a child killed from outside', async () => {
    const pidFile = join(await makeTempDir('pipeguard-outside-'), 'child.pid');
    const promise = run('sh', ['-c', `echo $$ > ${pidFile}; exec sleep 30`]);
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'))).toBe(
      true,
    );
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
    const result = await promise;
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false });
  });

  it('should resolve when the child closes stdout early but keeps running until it exits', async () => {
    const result = await run('bash', ['-c', 'echo early; exec 1>&-; sleep 0.3; echo late >&2']);
    expect(result.stdout.text).toBe('early\n');
    expect(result.stderr.text).toBe('late\n');
    expect(result.exitCode).toBe(0);
  });

  it('should not fail when the child closes stdin while input is still being written', async () => {
    const result = await run('bash', ['-c', 'exec 0<&-; echo ignored input'], {
      input: 'x'.repeat(8 * 1024 * 1024),
    });
    expect(result).toMatchObject({ exitCode: 0 });
    expect(result.stdout.text).toBe('ignored input\n');
  });

  it('should bound a stderr flood while stdout stays silent', async () => {
    const result = await run('bash', ['-c', 'head -c 20000000 /dev/zero | tr "\\0" e >&2'], {
      maxBytes: 1000,
    });
    expect(result.stdout).toMatchObject({ bytes: 0, text: '' });
    expect(result.stderr).toMatchObject({ bytes: 20_000_000, keptBytes: 1000, truncated: true });
  });

  it('should kill a whole tree with grandchildren on timeout, and close the pipes a setsid escapee holds', async () => {
    const dir = await makeTempDir('pipeguard-tree-');
    const escapee = join(dir, 'escapee.pid');
    const script = [
      'trap "" TERM',
      '(trap "" TERM; while :; do echo grandchild; sleep 0.01; done) &',
      '(sleep 60) &',
      `setsid bash -c 'echo $$ > ${escapee}; while :; do echo escapee; sleep 0.01; done' &`,
      'while :; do sleep 0.01; done',
    ].join('\n');
    const result = await run('bash', ['-c', script], { timeout: 300, killGrace: 200, pipeGrace: 200 });
    expect(result.timedOut).toBe(true);
    expect(await groupGone(result)).toBe(true);
    const escapeePid = Number(await readFile(escapee, 'utf8'));
    // Outside the group the escapee survives the kill, but its pipe is closed: it dies of EPIPE on its next write.
    expect(await eventually(() => !isAlive(escapeePid), 2000)).toBe(true);
  });

  it('should resolve within the grace and end the group when a grandchild holds only stderr after the child exits', async () => {
    const result = await run('bash', ['-c', '(exec 1>&-; sleep 30) & echo parent']);
    expect(result.stdout.text).toBe('parent\n');
    // The grace ran out with the pipe still held: the result did not wait for the holder.
    expect(result.pipesHeldAfterExit).toBe(true);
    // The holder was in the child's group: once the grace is over, the group is ended.
    expect(await groupGone(result)).toBe(true);
  });

  describe('cancellation at every phase', () => {
    it('should reject without spawning when aborted before spawning', async () => {
      const controller = new AbortController();
      controller.abort();
      const running = run('sleep', ['5'], { signal: controller.signal });
      expect(running).toMatchObject({ pid: undefined, stages: null });
      const error = (await running.catch((caught: unknown) => caught)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(error.result).toBeUndefined();
    });

    it('should stop the group and reject when aborted during output', async () => {
      const controller = new AbortController();
      const promise = run('bash', ['-c', 'while :; do echo out; done'], { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      const error = (await promise.catch((caught: unknown) => caught)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(await groupGone(error.result as RunResult)).toBe(true);
    });

    it('should SIGKILL at once when aborted during the kill grace', async () => {
      // A kill grace longer than the test's timeout: only the SIGKILL the abort sends at once ends it.
      const result = await abortAfter300Ms('trap "" TERM; while :; do sleep 0.01; done', {
        timeout: 100,
        killGrace: 60_000,
      });
      expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
      expect(await groupGone(result)).toBe(true);
    });

    it('should reject when aborted after exit while a descendant holds the pipes', async () => {
      // A pipe grace longer than the test's timeout: only the abort ends the wait.
      const result = await abortAfter300Ms('(setsid sleep 30 &); echo done', { pipeGrace: 60_000 });
      expect(result.stdout.text).toBe('done\n');
      expect(result.pipesHeldAfterExit).toBe(false);
    });

    it('should ignore an abort after the result is in', async () => {
      const controller = new AbortController();
      const result = await run('echo', ['fine'], { signal: controller.signal });
      controller.abort();
      expect(result.stdout.text).toBe('fine\n');
    });
  });
});
