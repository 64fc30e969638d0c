/** Stable codes of {@link RunError}. */
export type RunErrorCode = 'ERR_RUN_SPAWN' | 'ERR_RUN_CWD';

/** A command could not be started: missing, not executable, or a bad working directory. */
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

/**
 * The run was cancelled through its AbortSignal; `cause` is the signal's reason and `result` what was
 * captured before the processes were stopped (absent when cancelled before spawning).
 */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  readonly code = 'ABORT_ERR';
  result?: unknown;

  constructor(message: string, options?: { cause?: unknown; result?: unknown }) {
    super(message, { cause: options?.cause });
    if (options?.result !== undefined) this.result = options.result;
  }
}
