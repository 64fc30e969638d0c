import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectBytes } from '@pipeguard/test-utils';

const packagesDir = fileURLToPath(new URL('../../../', import.meta.url));
/** The built binary the tests spawn: what `npm install -g pipeguard` would put on the PATH. */
export const CLI = join(packagesDir, 'pipeguard/dist/cli.cjs');

/**
 * Fails with a clear message when the binary was not built: tests never build it themselves (CI's
 * build step does; locally, `pnpm build` first).
 */
export function requireBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run pnpm build first`);
}

/** What a finished run of the binary printed and how it ended. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** Spawns the built binary with `args`, optionally feeding `input` on stdin, and collects its output. */
export async function runCli(
  args: readonly string[],
  options: { input?: string | Buffer; onSpawn?: (pid: number) => void } = {},
): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.input !== undefined) child.stdin?.end(options.input);
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const closed = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const [status, stdout, stderr] = await Promise.all([
    closed,
    collectBytes(child.stdout!),
    collectBytes(child.stderr!),
  ]);
  return {
    status,
    stdout: stdout.toString(),
    stderr: stderr.toString(),
    durationMs: performance.now() - started,
  };
}
