import { statSync } from 'node:fs';

/** Stable codes of {@link RunError}. */
export type RunErrorCode = 'ERR_RUN_SPAWN' | 'ERR_RUN_CWD' | 'ERR_RUN_SPILL' | 'ERR_RUN_INPUT';

/**
 * A command could not be run: missing, not executable, a bad working or spill directory, or an
 * `input` stream that failed while the command read it (the group was ended first).
 */
export class RunError extends Error {
  override readonly name = 'RunError';
  readonly code: RunErrorCode;
  /** The command as given to `run()`. */
  readonly command: string;
  /** Why it could not run, in a few words (`command not found`), without the command. */
  readonly reason: string;

  constructor(code: RunErrorCode, command: string, reason: string, options?: { cause?: unknown }) {
    super(`Cannot run "${command}": ${reason}`, options);
    this.code = code;
    this.command = command;
    this.reason = reason;
  }
}

/** The `RunError` for an error `spawn()` reported: a missing working directory, command or permission. */
export function spawnFailure(file: string, cwd: string | undefined, error: NodeJS.ErrnoException): RunError {
  const cwdMissing =
    cwd !== undefined && !statSync(cwd, { throwIfNoEntry: false, bigint: true })?.isDirectory();
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
