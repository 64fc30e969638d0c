import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, isAlive, liveGroupMembers, makeTempDir } from '@pipeguard/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CaptureOptions, capture, run } from '../src/index';

/**
 * A command whose group outlives a careless failure: a grandchild that ignores SIGTERM and never
 * writes (so no EPIPE ends it), its pid in `pidFile`; then the child ticks on stdout, or just waits.
 */
const stubbornGroup = (pidFile: string, childLoop = 'while :; do echo tick; sleep 0.01; done') =>
  `(trap "" TERM; exec sleep 30) & echo $! > ${pidFile}; ${childLoop}`;

const pidIn = async (pidFile: string): Promise<number> => {
  const written = () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n');
  expect(await eventually(written, 5000)).toBe(true);
  return Number(readFileSync(pidFile, 'utf8'));
};

/** Whether nothing of the group and the grandchild is alive (zombies count as dead: nothing reaps here). */
const nothingLeft = (group: number, grandchild: number) =>
  eventually(() => liveGroupMembers(group).length === 0 && !isAlive(grandchild), 1000);

/** Spawns `script` detached, in its own group, as a caller of `capture()` does. */
const spawnDetached = (script: string) =>
  spawn('bash', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

/** Waits for a line on the FIFO `gate`, writes one line of its own, then runs `then` (by default, ticks). */
const gated = (gate: string, then = 'while :; do echo tick; sleep 0.01; done') =>
  `read _ < ${gate}; echo first; ${then}`;

/**
 * A stage that fails after the spawn: the spill directory exists when the run starts (it is checked
 * then) and is gone when `letThrough.open()` lets the command write its first byte, so creating the
 * spill file fails with ENOENT.
 */
async function failingStage() {
  const dir = await makeTempDir('pipeguard-lifecycle-');
  const spill = join(dir, 'spill');
  mkdirSync(spill);
  const gate = join(dir, 'gate');
  execFileSync('mkfifo', [gate]);
  const open = () => {
    rmSync(spill, { recursive: true });
    writeFileSync(gate, 'go\n');
  };
  return { dir, pidFile: join(dir, 'grandchild.pid'), spill, letThrough: { path: gate, open } };
}

describe('run lifecycle', () => {
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

  it.each<[string, CaptureOptions]>([
    ['a stage errors', {}],
    ['the interleaved capture errors', { all: true }],
  ])('should end the whole group before rejecting when %s after the spawn', async (_case, options) => {
    // Arrange: the child writes (its stream's first byte) only when let through.
    const { pidFile, spill, letThrough } = await failingStage();
    const running = run('bash', ['-c', stubbornGroup(pidFile, gated(letThrough.path))], {
      ...options,
      spill,
    });
    const grandchild = await pidIn(pidFile);
    // Act
    letThrough.open();
    // Assert
    await expect(running).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await nothingLeft(running.pid as number, grandchild)).toBe(true);
  });

  it('should send killSignal first, then SIGKILL after killGrace, before rejecting', async () => {
    // Arrange: the child notes SIGTERM and goes on; only SIGKILL ends it. (Its stderr goes nowhere:
    // bash reports its sleep's death there, and the closed pipe would end it by SIGPIPE.)
    const { dir, pidFile, spill, letThrough } = await failingStage();
    const termFile = join(dir, 'term');
    const waitForever = `exec 2>/dev/null; trap "echo > ${termFile}" TERM; ${gated(letThrough.path, 'while :; do sleep 0.05; done')}`;
    // The grace outlasts bash's wait for its sleep before the trap runs on a busy machine (300 ms did not).
    const running = run('bash', ['-c', stubbornGroup(pidFile, waitForever)], { killGrace: 2000, spill });
    const grandchild = await pidIn(pidFile);
    // Act: once the trap is set, the child's one line fails the stage.
    letThrough.open();
    // Assert
    await expect(running).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(termFile)).toBe(true);
    expect(await nothingLeft(running.pid as number, grandchild)).toBe(true);
  });

  it('should end the group when a stage errors after the child exited, while a descendant holds the pipes', async () => {
    // Arrange: the grandchild writes its one line (the stream's first byte) when let through, then holds the pipes.
    const { pidFile, spill, letThrough } = await failingStage();
    const script = `(trap "" TERM; ${gated(letThrough.path, 'exec sleep 30')}) & echo $! > ${pidFile}`;
    const running = run('bash', ['-c', script], { pipeGrace: 60_000, spill });
    const grandchild = await pidIn(pidFile);
    // The child itself is gone: only the grandchild holds the pipes now.
    expect(await eventually(() => !isAlive(running.pid as number), 5000)).toBe(true);
    // Act: its line fails the stage.
    letThrough.open();
    // Assert
    await expect(running).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await nothingLeft(running.pid as number, grandchild)).toBe(true);
  });

  it('should end the group of a captured child whose spill directory does not exist', async () => {
    const dir = await makeTempDir('pipeguard-lifecycle-');
    const pidFile = join(dir, 'grandchild.pid');
    const child = spawnDetached(stubbornGroup(pidFile));
    const grandchild = await pidIn(pidFile);
    const running = capture(child, { processGroup: true, spill: join(dir, 'missing') });
    await expect(running).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await nothingLeft(running.pid as number, grandchild)).toBe(true);
  });

  it('should end the group when the child reports an error after it started', async () => {
    const pidFile = join(await makeTempDir('pipeguard-lifecycle-'), 'grandchild.pid');
    const child = spawnDetached(stubbornGroup(pidFile));
    const running = capture(child, { processGroup: true });
    const grandchild = await pidIn(pidFile);
    // What Node emits when, say, signalling the child fails.
    child.emit('error', Object.assign(new Error('kill EPERM'), { code: 'EPERM' }));
    await expect(running).rejects.toMatchObject({ code: 'EPERM' });
    expect(await nothingLeft(running.pid as number, grandchild)).toBe(true);
  });

  it.each([
    ['does not exist', (dir: string) => join(dir, 'missing'), 'does not exist'],
    [
      'is a file',
      (dir: string) => {
        writeFileSync(join(dir, 'file'), '');
        return join(dir, 'file');
      },
      'is not a directory',
    ],
  ])('should reject before spawning when the spill directory %s', async (_case, spillIn, problem) => {
    const dir = await makeTempDir('pipeguard-lifecycle-');
    const spill = spillIn(dir);
    const running = run('bash', ['-c', `echo started > ${join(dir, 'started')}`], { spill });
    await expect(running).rejects.toMatchObject({
      name: 'RunError',
      code: 'ERR_RUN_SPILL',
      message: `Cannot run "bash": the "spill" option names "${spill}", which ${problem}`,
    });
    expect(running.pid).toBeUndefined();
    expect(existsSync(join(dir, 'started'))).toBe(false);
  });
});
