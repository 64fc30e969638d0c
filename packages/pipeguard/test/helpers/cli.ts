import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectBytes } from '@pipeguard/test-utils';

const packagesDir = fileURLToPath(new URL('../../../', import.meta.url));
/** The built binary the tests spawn: what `npm install -g pipeguard` would put on the PATH. */
export const CLI = join(packagesDir, 'pipeguard/dist/cli.js');

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds pipeguard and the packages it bundles when the binary is missing or older than any of their
 * sources: `pnpm test` runs against sources, and these tests must not spawn a stale binary.
 */
export function ensureBuilt(): void {
  const built = statSync(CLI, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = readdirSync(packagesDir)
    .filter((name) => name !== 'test-utils')
    .map((name) => newestSourceMtime(join(packagesDir, name, 'src')));
  if (built >= Math.max(...sources)) return;
  execFileSync('pnpm', ['--filter', 'pipeguard...', 'run', 'build'], { cwd: packagesDir, stdio: 'ignore' });
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
