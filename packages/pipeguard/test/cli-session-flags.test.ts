import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectBytes, eventually, isAlive, makeTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt } from './helpers/cli';

/** Runs the built CLI with a stdin pipe the test holds open (a live input, as a terminal's would be). */
async function runWithLiveStdin(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
  const [stdout, stderr] = [collectBytes(child.stdout), collectBytes(child.stderr)];
  const [status] = (await once(child, 'exit')) as [number | null];
  child.stdin.destroy();
  return { status, stdout: (await stdout).toString(), stderr: (await stderr).toString() };
}

describe('pipeguard --on-input-wait and --kill-leftovers', () => {
  beforeAll(() => requireBuilt());

  it('should end a command at its prompt with --on-input-wait end, name the prompt and exit 125', async () => {
    const run = await runWithLiveStdin([
      '--on-input-wait',
      'end',
      '--',
      'sh',
      '-c',
      'printf "Name? "; read x; echo got $x',
    ]);
    expect(run.status).toBe(125);
    expect(run.stdout).toBe('Name? ');
    expect(run.stderr).toContain('pipeguard: the command waited for input at "Name?"');
  });

  it("should redact the prompt in the note with --redact: a token from the command's env", async () => {
    const secret = 'Zq8-deploy-Wv3-value-Np5';
    const run = await runWithLiveStdin(
      [
        '--redact',
        '--on-input-wait',
        'end',
        '--',
        'sh',
        '-c',
        'printf "Deploy with $DEPLOY_TOKEN? "; read x',
      ],
      { ...process.env, DEPLOY_TOKEN: secret },
    );
    expect(run.status).toBe(125);
    expect(run.stderr).toContain(
      'pipeguard: the command waited for input at "Deploy with [REDACTED:env:DEPLOY_TOKEN]?"',
    );
    expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it('should end a setsid descendant still running at a normal end with --kill-leftovers, and only report it without', async () => {
    const dir = await makeTempDir('pipeguard-leftovers-');
    const script = (file: string) =>
      `setsid sleep 300 > /dev/null 2>&1 < /dev/null & echo $! > ${file}; echo done`;
    const kept = join(dir, 'kept.pid');
    const without = await runWithLiveStdin(['--no-stdin', '--', 'sh', '-c', script(kept)]);
    const keptPid = Number(readFileSync(kept, 'utf8'));
    expect(without.status).toBe(0);
    expect(without.stderr).toContain(`still running after the command ended: ${keptPid}`);
    expect(isAlive(keptPid)).toBe(true);
    process.kill(keptPid, 'SIGKILL');
    const ended = join(dir, 'ended.pid');
    const withFlag = await runWithLiveStdin([
      '--no-stdin',
      '--kill-leftovers',
      '--',
      'sh',
      '-c',
      script(ended),
    ]);
    const endedPid = Number(readFileSync(ended, 'utf8'));
    expect(withFlag.status).toBe(0);
    expect(await eventually(() => !isAlive(endedPid), 10_000)).toBe(true);
  });
});
