import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { describeReceived, quoteShellArgument, validateOptionsObject } from '@pipeguard/shared';
import type { Readable } from 'readable-stream';
import { type CapturedRun, prepareCapture, type RunningCapture } from './capture';
import { CAPTURE_OPTION_KEYS, type CaptureOptions, resolveCaptureOptions } from './capture-options';
import type { ChildLike } from './child-like';
import { AbortError, RunError } from './errors';
import { spawnPtyChild } from './pty-child';
import { loadPtyModule, PtyUnavailableError } from './pty-load';
import { type PtyOption, resolvePtyOption } from './pty-options';
import { spillDirectoryProblem } from './spill-directory';
import { validateCommand } from './validate-command';

/** Options of {@link run}: capture and pipeline options, plus how to spawn. */
export interface RunOptions extends Omit<CaptureOptions, 'processGroup'> {
  /** Working directory of the command. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Environment of the command. @defaultValue `process.env` */
  env?: NodeJS.ProcessEnv;
  /** Run through a shell (`true` for the default one, or a shell's path); off by default. @defaultValue `false` */
  shell?: boolean | string;
  /** Written to the command's stdin, which is otherwise ignored. @defaultValue none (stdin ignored) */
  input?: string | Buffer | NodeJS.ReadableStream | Readable;
  /**
   * Run under a pseudo-terminal (`@lydell/node-pty`, an optional dependency): `true`, `{ cols, rows }`
   * for its size, or `'auto'` to fall back to pipes when the package cannot load (`ptyFallback` says
   * why). Its one stream is `stdout` (`stderrMerged`), `render` defaults to `'terminal'`, and stdin
   * gets `input` then end-of-file. @defaultValue `false` (pipes); size `{ cols: 400, rows: 50 }`
   */
  pty?: PtyOption;
}

/** What {@link run} hands back: the capture's result, and whether a pseudo-terminal was used. */
export interface RunOutcome extends CapturedRun {
  /** Whether the command ran under a pseudo-terminal. */
  pty: boolean;
  /** With `pty: 'auto'`, why pipes were used instead (the package could not load); else `null`. */
  ptyFallback: string | null;
}

// A record, so that the compiler checks that the list names every option of run's own.
const RUN_OWN_OPTIONS: Record<Exclude<keyof RunOptions, keyof CaptureOptions>, true> = {
  cwd: true,
  env: true,
  shell: true,
  input: true,
  pty: true,
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

function rejected(error: Error): RunningCapture<RunOutcome> {
  return Object.assign(Promise.reject(error), { stages: null, pid: undefined, lines: null });
}

/** Whether the pseudo-terminal package loads: `null` when it does, else why not. */
function ptyProblem(): PtyUnavailableError | null {
  try {
    loadPtyModule();
    return null;
  } catch (error) {
    if (error instanceof PtyUnavailableError) return error;
    throw error;
  }
}

/** `[file, args]` as `spawn()`'s `shell` option runs them: the words joined, given to the shell's `-c`. */
function shellCommand(file: string, args: readonly string[], shell: boolean | string): [string, string[]] {
  if (shell === false) return [file, [...args]];
  return [shell === true ? '/bin/sh' : shell, ['-c', [file, ...args].join(' ')]];
}

function spawnChild(
  file: string,
  args: readonly string[],
  options: Pick<RunOptions, 'cwd' | 'env' | 'shell' | 'input'>,
  pty: { cols: number; rows: number } | null,
): ChildLike {
  const { cwd, env, shell = false, input } = options;
  if (pty !== null) {
    const [command, commandArgs] = shellCommand(file, args, shell);
    const buffered = typeof input === 'string' || Buffer.isBuffer(input);
    const child = spawnPtyChild(command, commandArgs, {
      cols: pty.cols,
      rows: pty.rows,
      ...(cwd === undefined ? {} : { cwd }),
      ...(env === undefined ? {} : { env }),
      ...(buffered ? { input } : {}),
    });
    // Without input, end-of-file at once, as the pipes' ignored stdin gives: a reader of stdin finishes.
    if (input === undefined) child.stdin?.end();
    else if (!buffered && child.stdin) (input as NodeJS.ReadableStream).pipe(child.stdin);
    return child;
  }
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
  return child;
}

/**
 * Spawns a command without a shell, in its own process group, and captures stdout and stderr
 * safely: each bounded, binary withheld, legacy text recovered; the group is killed on timeout,
 * cancellation or any failure after the spawn, and a descendant holding a pipe cannot delay the
 * result beyond `pipeGrace`. A missing command, working or spill directory rejects with a `RunError`.
 * @throws TypeError or RangeError for an invalid command or an invalid or unknown option, before anything is spawned.
 */
export function run(
  file: string,
  args: readonly string[] = [],
  options?: RunOptions,
): RunningCapture<RunOutcome> {
  validateCommand(file, args);
  validateOptionsObject(options, RUN_OPTION_KEYS);
  const { cwd, env, shell = false, input, pty: ptyOption, ...ownCaptureOptions } = options ?? {};
  const pty = resolvePtyOption(ptyOption);
  const unavailable = pty === null ? null : ptyProblem();
  const usePty = pty !== null && unavailable === null;
  // A terminal's output is drawn for a terminal: rendered unless the caller asks for the bytes.
  const captureOptions = usePty ? { render: 'terminal' as const, ...ownCaptureOptions } : ownCaptureOptions;
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
  if (pty?.mode === 'on' && unavailable !== null) return rejected(unavailable);
  const child = spawnChild(file, args, { cwd, env, shell, input }, usePty ? pty : null);
  const running = attach(child);
  const ptyFallback = pty?.mode === 'auto' && unavailable !== null ? unavailable.message : null;
  const result = running.then(
    (outcome): RunOutcome => ({ ...outcome, pty: usePty, ptyFallback }),
    (error: NodeJS.ErrnoException) => {
      throw error.syscall?.startsWith('spawn') ? spawnError(file, cwd, error) : error;
    },
  );
  return Object.assign(result, { stages: running.stages, pid: running.pid, lines: running.lines });
}
