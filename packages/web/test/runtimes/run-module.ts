import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The runtimes that run a module file as a process: Node, and the npm packages' own Bun and Deno. */
export const PROCESS_RUNTIMES = ['node', 'bun', 'deno'] as const;
export type ProcessRuntime = (typeof PROCESS_RUNTIMES)[number];

const COMMANDS: Record<ProcessRuntime, (file: string) => [string, string[]]> = {
  node: (file) => [process.execPath, [file]],
  // The binaries the packages' postinstall linked (no node wrapper in between).
  bun: (file) => [join(packageDir('bun'), 'bin', 'bun.exe'), ['run', file]],
  deno: (file) => [
    join(packageDir('deno'), 'deno'),
    ['run', '--no-prompt', '--no-config', '--no-lock', file],
  ],
};

/** Runs the ES module `file` in `runtime` (no permissions asked for), with `cwd` its directory. */
export function runModule(
  runtime: ProcessRuntime,
  file: string,
): Promise<{ ok: boolean; stdout: string; stderr: string; error?: Error }> {
  const [command, args] = COMMANDS[runtime](file);
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: dirname(file),
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      },
      (error, stdout, stderr) => resolve({ ok: error === null, stdout, stderr, ...(error ? { error } : {}) }),
    );
  });
}
