import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { describeReceived, quoteShellArgument, validateOptionsObject } from '@pipeguard/shared';
import type { Readable } from 'readable-stream';
import { prepareCapture, type RunningCapture } from './capture';
import { CAPTURE_OPTION_KEYS, type CaptureOptions, resolveCaptureOptions } from './capture-options';
import { AbortError, RunError } from './errors';
import { spillDirectoryProblem } from './spill-directory';

/** Options of {@link run}: capture and pipeline options, plus how to spawn. */
export interface RunOptions extends Omit<CaptureOptions, 'processGroup'> {
  /** Working directory of the command. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Environment of the command. @defaultValue `process.env` */
  env?: NodeJS.ProcessEnv;
  /** Run through a shell (`true` for the default one, or a shell's path); off by default. @defaultValue `false` */
  shell?: boolean | string;
  /** Written to the command's stdin, which is otherwise ignored. */
  input?: string | Buffer | NodeJS.ReadableStream | Readable;
}

// A record, so that the compiler checks that the list names every option of run's own.
const RUN_OWN_OPTIONS: Record<Exclude<keyof RunOptions, keyof CaptureOptions>, true> = {
  cwd: true,
  env: true,
  shell: true,
  input: true,
};

/** The keys {@link run} accepts: capture's but `processGroup` (a run always has its group), and its own. */
export const RUN_OPTION_KEYS: readonly (keyof RunOptions)[] = [
  ...CAPTURE_OPTION_KEYS.filter((key) => key !== 'processGroup'),
  ...(Object.keys(RUN_OWN_OPTIONS) as (keyof typeof RUN_OWN_OPTIONS)[]),
];

function validateInput(input: unknown): void {
  const readable = typeof (input as { pipe?: unknown } | null)?.pipe === 'function';
  if (input === undefined || typeof input === 'string' || Buffer.isBuffer(input) || readable) return;
  throw new TypeError(
    `The "input" option must be a string, a Buffer or a readable stream. Received ${describeReceived(input)}`,
  );
}

function validateCommand(file: unknown, args: unknown): asserts args is string[] {
  if (typeof file !== 'string' || file === '') {
    const received = describeReceived(file, { typeMismatch: typeof file !== 'string' });
    throw new TypeError(`The "file" argument must be a non-empty string. Received ${received}`);
  }
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
    throw new TypeError(
      `The "args" argument must be an array of strings. Received ${describeReceived(args)}`,
    );
  }
}

function spawnError(file: string, cwd: string | undefined, error: NodeJS.ErrnoException): RunError {
  const cwdMissing = cwd !== undefined && !statSync(cwd, { throwIfNoEntry: false })?.isDirectory();
  if (cwdMissing) {
    return new RunError('ERR_RUN_CWD', file, `the working directory "${cwd}" does not exist`, {
      cause: error,
    });
  }
  const reason =
    error.code === 'ENOENT'
      ? 'command not found'
      : error.code === 'EACCES'
        ? 'permission denied (not executable?)'
        : error.message;
  return new RunError('ERR_RUN_SPAWN', file, reason, { cause: error });
}

function rejected(error: Error): RunningCapture {
  return Object.assign(Promise.reject(error), { stages: null, pid: undefined });
}

/**
 * Spawns a command without a shell, in its own process group, and captures stdout and stderr
 * safely: each bounded, binary withheld, legacy text recovered; the group is killed on timeout,
 * cancellation or any failure after the spawn, and a descendant holding a pipe cannot delay the
 * result beyond `pipeGrace`. A missing command, working or spill directory rejects with a `RunError`.
 * @throws TypeError or RangeError for an invalid command or an invalid or unknown option, before anything is spawned.
 */
export function run(file: string, args: readonly string[] = [], options?: RunOptions): RunningCapture {
  validateCommand(file, args);
  validateOptionsObject(options, RUN_OPTION_KEYS);
  const { cwd, env, shell = false, input, ...captureOptions } = options ?? {};
  // `??` rather than the parameter's default: spawn() also runs a command given a null env with process.env.
  const fallback = resolveAutoFallback(captureOptions.fallback, env ?? process.env);
  const command = captureOptions.command ?? [file, ...args].map(quoteShellArgument).join(' ');
  const settings = resolveCaptureOptions({ ...captureOptions, fallback, command, processGroup: true });
  if (settings.signal?.aborted) {
    const cause = settings.signal.reason;
    return rejected(new AbortError('The operation was aborted before the command started', { cause }));
  }
  // Checked before the pipelines open their spill files, and so before anything is spawned.
  const { spill } = settings.pipeline;
  const spillProblem = typeof spill === 'string' ? spillDirectoryProblem(spill) : null;
  if (spillProblem !== null) {
    return rejected(
      new RunError('ERR_RUN_SPILL', file, `the "spill" option names "${spill}", which ${spillProblem}`),
    );
  }
  // Every stage is built, and so every option validated, before anything is spawned.
  const attach = prepareCapture(settings);
  validateInput(input);
  const child = spawn(file, args, {
    cwd,
    env,
    shell,
    detached: process.platform !== 'win32',
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  if (input !== undefined && child.stdin) {
    if (typeof input === 'string' || Buffer.isBuffer(input)) child.stdin.end(input);
    else (input as NodeJS.ReadableStream).pipe(child.stdin);
  }
  const running = attach(child);
  const result = running.catch((error: NodeJS.ErrnoException) => {
    throw error.syscall?.startsWith('spawn') ? spawnError(file, cwd, error) : error;
  });
  return Object.assign(result, { stages: running.stages, pid: running.pid });
}
