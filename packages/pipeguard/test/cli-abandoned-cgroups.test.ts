import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, isAlive, makeTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runCli } from './helpers/cli';

/** Where the cgroup2 file system is mounted, from this process's mount table. */
function cgroup2Mount(): string {
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [mount, rest] = line.split(' - ');
    if (rest?.startsWith('cgroup2 ')) return mount?.split(' ')[4] as string;
  }
  throw new Error('no cgroup2 file system is mounted');
}

/** The directory of the cgroup2 cgroup `pid` is in. */
function cgroupOf(pid: number): string {
  const line = readFileSync(`/proc/${pid}/cgroup`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('0::'));
  return join(cgroup2Mount(), (line as string).slice(3));
}

/**
 * Starts the CLI on a command that writes its pid and sleeps, then kills the CLI with SIGKILL: it cannot
 * remove the run's cgroup, which the sleeping command is still in. Returns the command's pid and that cgroup.
 */
async function killedRun(): Promise<{ command: number; cgroup: string; finished: Promise<unknown> }> {
  const pidFile = join(await makeTempDir('pipeguard-cgroups-'), 'pid');
  let cli = 0;
  const finished = runCli(['--', 'sh', '-c', `echo $$ > ${pidFile}; exec sleep 300`], {
    onSpawn: (pid) => {
      cli = pid;
    },
  });
  expect(
    await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'), 20_000),
  ).toBe(true);
  const command = Number(readFileSync(pidFile, 'utf8'));
  const cgroup = cgroupOf(command);
  expect(cgroup).toMatch(/\/pipeguard-\d+-[0-9a-f]+$/);
  process.kill(cli, 'SIGKILL');
  return { command, cgroup, finished };
}

describe('cgroups of pipeguard processes killed with SIGKILL', () => {
  beforeAll(() => requireBuilt());

  it('should be removed by the next run once empty', async () => {
    // Arrange: an abandoned cgroup, emptied.
    const { command, cgroup, finished } = await killedRun();
    await finished;
    // Checked while its command still holds it: once empty, any pipeguard run on the machine (another test
    // file's, in parallel) may remove it before this one does.
    expect(existsSync(cgroup)).toBe(true);
    process.kill(command, 'SIGKILL');
    expect(await eventually(() => !isAlive(command), 20_000)).toBe(true);
    // Act
    const run = await runCli(['--', 'true']);
    // Assert
    expect(run.status).toBe(0);
    expect(existsSync(cgroup)).toBe(false);
  });

  it('should be kept, its process untouched, while a process it holds still runs', async () => {
    // Arrange: an abandoned cgroup whose command still sleeps in it.
    const { command, cgroup, finished } = await killedRun();
    await finished;
    try {
      // Act
      const run = await runCli(['--', 'true']);
      // Assert
      expect(run.status).toBe(0);
      expect(existsSync(cgroup)).toBe(true);
      expect(isAlive(command)).toBe(true);
    } finally {
      process.kill(command, 'SIGKILL');
    }
    // Once empty, the next run removes it.
    expect(await eventually(() => !isAlive(command), 20_000)).toBe(true);
    await runCli(['--', 'true']);
    expect(existsSync(cgroup)).toBe(false);
  });
});
