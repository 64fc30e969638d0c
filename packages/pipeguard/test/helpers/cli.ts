import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { collectBytes, requireBuilt as requireBuiltFile } from '@pipeguard/test-utils';

const packagesDir = fileURLToPath(new URL('../../../', import.meta.url));
/** The built binary the tests spawn: what `npm install -g pipeguard` would put on the PATH. */
export const CLI = join(packagesDir, 'pipeguard/dist/cli.cjs');

/** Fails with a clear message when the binary is missing or older than the sources. */
export function requireBuilt(): void {
  requireBuiltFile(CLI);
}

/** What a finished run of the binary printed and how it ended. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** How {@link runCli} runs the binary. */
export interface RunCliOptions {
  /** Fed on stdin (stdin is `/dev/null` without it). */
  input?: string | Buffer;
  /** Called with the binary's pid once it is spawned. */
  onSpawn?: (pid: number) => void;
  /**
   * Read its stdout and stderr as a slow reader does, pausing after every chunk: the binary then fills
   * the pipes and waits on them (its last writes are still waiting when its run is done).
   */
  readSlowly?: boolean;
  /** The binary's environment (the test's without it). */
  env?: NodeJS.ProcessEnv;
}

/** Spawns the built binary with `args`, optionally feeding `input` on stdin, and collects its output. */
export async function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  if (options.input !== undefined) child.stdin?.end(options.input);
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const closed = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const collect = options.readSlowly ? collectSlowly : collectBytes;
  const [status, stdout, stderr] = await Promise.all([
    closed,
    collect(child.stdout!),
    collect(child.stderr!),
  ]);
  return {
    status,
    stdout: stdout.toString(),
    stderr: stderr.toString(),
    durationMs: performance.now() - started,
  };
}

/** Collects `stream`'s bytes with a pause after every chunk. */
async function collectSlowly(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    await sleep(2);
  }
  return Buffer.concat(chunks);
}

/** How a shell pipeline around the built binary ended: the binary's own status and what reached the end. */
export interface ShellPipelineRun {
  /** The exit status of the pipeline's first command (`${PIPESTATUS[0]}`), or of its `at`-th. */
  statuses: number[];
  stdout: string;
  stderr: string;
}

/**
 * Runs `script` with bash, `pipeguard` standing for the built binary, as a user types it
 * (`pipeguard -- seq 1 3000000 | head -1`), and resolves with every command's exit status.
 */
export async function runShellPipeline(
  script: string,
  options: { cwd?: string } = {},
): Promise<ShellPipelineRun> {
  const wrapped = `pipeguard() { ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"; }\n${script}\necho "statuses: \${PIPESTATUS[*]}" >&2`;
  const child = spawn('bash', ['-c', wrapped], { stdio: ['ignore', 'pipe', 'pipe'], cwd: options.cwd });
  const [stdout, stderr] = await Promise.all([collectBytes(child.stdout!), collectBytes(child.stderr!)]);
  const text = stderr.toString();
  const statuses = /statuses: ([\d ]+)\n$/.exec(text)?.[1]?.split(' ').map(Number) ?? [];
  return { statuses, stdout: stdout.toString(), stderr: text.replace(/statuses: [\d ]+\n$/, '') };
}
