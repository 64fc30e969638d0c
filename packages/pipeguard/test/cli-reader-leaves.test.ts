import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, liveGroupMembers, makeTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runShellPipeline } from './helpers/cli';

/** The command's process group (its first process writes its pid to `file`), once no member is alive. */
async function groupEnded(file: string): Promise<boolean> {
  expect(existsSync(file)).toBe(true);
  const pgid = Number(readFileSync(file, 'utf8'));
  return eventually(() => liveGroupMembers(pgid).length === 0);
}

// A reader that leaves ends the run as SIGPIPE ends a shell pipeline: the command's group is ended,
// pipeguard exits 141 at once, and nothing is left running. Each case is a pipeline as a user types it.
describe('pipeguard when a reader of its output leaves', () => {
  beforeAll(() => requireBuilt());

  it.each([
    ['--max-bytes none', ['--max-bytes', 'none']],
    ['bounded', []],
    ['--all', ['--all']],
    ['--json', ['--json']],
  ])("should exit 141 and end the command when stdout's reader leaves (%s)", async (_mode, flags) => {
    const dir = await makeTempDir('cli-reader-leaves-');
    const pid = join(dir, 'pid');
    const run = await runShellPipeline(
      `pipeguard ${flags.join(' ')} -- sh -c 'echo $$ > ${pid}; exec seq 1 3000000' 2>/dev/null | head -1`,
    );
    expect(run.statuses).toEqual([141, 0]);
    expect(await groupEnded(pid)).toBe(true);
  });

  it("should exit 141 and end the command when stderr's reader leaves with --max-bytes none", async () => {
    const dir = await makeTempDir('cli-reader-leaves-');
    const pid = join(dir, 'pid');
    const run = await runShellPipeline(
      `pipeguard --max-bytes none -- sh -c 'echo $$ > ${pid}; seq 1 3000000 >&2; exec sleep 37' 2>&1 >/dev/null | head -1`,
    );
    expect(run.statuses).toEqual([141, 0]);
    expect(run.stdout).toBe('1\n');
    expect(await groupEnded(pid)).toBe(true);
  });

  it("should exit 141 and end the command's group when the live view's reader leaves (--live-lines)", async () => {
    const dir = await makeTempDir('cli-reader-leaves-');
    const pid = join(dir, 'pid');
    const run = await runShellPipeline(
      `pipeguard --live-lines -- sh -c 'echo $$ > ${pid}; seq 1 300000; exec sleep 37' 2>&1 >/dev/null | head -2`,
    );
    expect(run.statuses).toEqual([141, 0]);
    expect(run.stdout).toBe('1\n2\n');
    expect(run.stderr).toBe('');
    expect(await groupEnded(pid)).toBe(true);
  });

  // Printing as it comes (unbounded, or the kept head), pipeguard stops reading at once: seq gets SIGPIPE too.
  it.each([
    ['--max-bytes none', ['--max-bytes', 'none'], 141],
    ['bounded, the kept head', [], 141],
  ])(
    'should exit 141 when the reader of the filtered standard input leaves (%s)',
    async (_mode, flags, seq) => {
      const run = await runShellPipeline(`seq 1 3000000 | pipeguard ${flags.join(' ')} | head -1`);
      expect(run.statuses).toEqual([seq, 141, 0]);
      expect(run.stdout).toBe('1\n');
    },
  );
});
