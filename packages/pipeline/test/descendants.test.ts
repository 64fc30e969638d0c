import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, isAlive, makeTempDir } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { AbortError, run } from '../src';
import { DescendantContainment } from '../src/capture/descendants/descendant-containment';

// Descendants that leave the command's process group, one way each; each writes its pid to a file,
// its output to another (so that it holds none of the run's pipes), and sleeps.
const ESCAPES = {
  setsid: (pidFile: string) => `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' > ${pidFile}.out 2>&1 &`,
  'double fork': (pidFile: string) =>
    `sh -c "sh -c 'echo \\$\\$ > ${pidFile}; exec sleep 300' > ${pidFile}.out 2>&1 &" &`,
  nohup: (pidFile: string) =>
    `nohup sh -c 'echo $$ > ${pidFile}; exec sleep 300' > ${pidFile}.out 2>&1 & disown 2>/dev/null; true`,
} as const;

/** The script: start the escapee, wait for its pid file, then `then`. */
function script(way: keyof typeof ESCAPES, pidFile: string, then: string): string {
  return `${ESCAPES[way](pidFile)}\nwhile [ ! -s ${pidFile} ]; do sleep 0.02; done\n${then}`;
}

async function pidFrom(file: string): Promise<number> {
  expect(await eventually(() => existsSync(file) && /^\d+\n/.test(readFileSync(file, 'utf8')), 20_000)).toBe(
    true,
  );
  return Number(readFileSync(file, 'utf8'));
}

describe.each(Object.keys(ESCAPES) as (keyof typeof ESCAPES)[])('a %s descendant', (way) => {
  it('should be ended by the timeout', async () => {
    const pidFile = join(await makeTempDir('pipeguard-descendants-'), 'pid');
    const result = await run('sh', ['-c', script(way, pidFile, 'sleep 300')], { timeout: 5000 });
    expect(result.timedOut).toBe(true);
    const pid = await pidFrom(pidFile);
    expect(await eventually(() => !isAlive(pid), 10_000)).toBe(true);
    expect(result.containment).toBe('cgroup');
  });

  it('should be ended by a cancellation', async () => {
    const pidFile = join(await makeTempDir('pipeguard-descendants-'), 'pid');
    const controller = new AbortController();
    const running = run('sh', ['-c', script(way, pidFile, 'sleep 300')], { signal: controller.signal });
    const pid = await pidFrom(pidFile);
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(AbortError);
    expect(await eventually(() => !isAlive(pid), 10_000)).toBe(true);
  });

  it('should be reported and ended at a normal end with killLeftovers', async () => {
    const pidFile = join(await makeTempDir('pipeguard-descendants-'), 'pid');
    const result = await run('sh', ['-c', script(way, pidFile, 'exit 0')], { killLeftovers: true });
    const pid = await pidFrom(pidFile);
    expect(result.exitCode).toBe(0);
    expect(result.leftovers).toContainEqual({ pid, command: 'sleep 300' });
    expect(await eventually(() => !isAlive(pid), 10_000)).toBe(true);
  });

  it('should be reported and left running at a normal end without killLeftovers, until endLeftovers()', async () => {
    const pidFile = join(await makeTempDir('pipeguard-descendants-'), 'pid');
    const running = run('sh', ['-c', script(way, pidFile, 'exit 0')]);
    const result = await running;
    const pid = await pidFrom(pidFile);
    try {
      expect(result.leftovers).toContainEqual({ pid, command: 'sleep 300' });
      expect(isAlive(pid)).toBe(true);
      running.endLeftovers();
      expect(await eventually(() => !isAlive(pid), 10_000)).toBe(true);
    } finally {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

describe('DescendantContainment', () => {
  it('should find and end a setsid descendant by the environment marker where no cgroup is used', async () => {
    // Arrange: the fallback, as where no cgroup can be made.
    const containment = new DescendantContainment(true, 'environ');
    const pidFile = join(await makeTempDir('pipeguard-descendants-'), 'pid');
    const child = containment.spawn(() =>
      spawn('sh', ['-c', script('setsid', pidFile, 'exit 0')], {
        env: containment.environment(process.env),
        detached: true,
        stdio: 'ignore',
      }),
    );
    const exited = once(child, 'exit');
    const pid = await pidFrom(pidFile);
    await exited;
    // Act
    const leftovers = containment.settle();
    // Assert
    expect(containment.mechanism).toBe('environ');
    expect(leftovers).toContainEqual({ pid, command: 'sleep 300' });
    expect(await eventually(() => !isAlive(pid), 10_000)).toBe(true);
  });

  it('should refuse a killLeftovers that is not a boolean, naming it', () => {
    expect(() => run('true', [], { killLeftovers: 'yes' as unknown as boolean })).toThrow(
      new TypeError(`The "killLeftovers" option must be a boolean. Received type string ('yes')`),
    );
  });
});
