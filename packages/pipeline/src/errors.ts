import type { RunResult } from './run-result';

/** Stable codes of {@link RunError}. */
export type RunErrorCode = 'ERR_RUN_SPAWN' | 'ERR_RUN_CWD' | 'ERR_RUN_SPILL';

/** A command could not be started: missing, not executable, a bad working or spill directory. */
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
  /** What was captured until the processes were stopped (`cancelled: true`); `undefined` when cancelled before spawning. */
  readonly result: RunResult | undefined;

  constructor(message: string, options?: { cause?: unknown; result?: RunResult }) {
    super(message, { cause: options?.cause });
    this.result = options?.result;
  }
}

/** Stable codes of {@link PipelineError}. */
export type PipelineErrorCode = 'ERR_PIPELINE_CAPTURE_TOO_LARGE';

/**
 * A capture cannot be handed back: with `maxBytes: null` (or above the limit) its text would
 * outgrow the longest string JavaScript can hold. Raised as soon as the kept bytes pass the limit.
 */
export class PipelineError extends Error {
  override readonly name = 'PipelineError';
  readonly code: PipelineErrorCode;
  /** The stream's label (`stdout`). */
  readonly label: string;
  /** The most a capture's text may hold, in bytes (and so in UTF-16 units). */
  readonly limitBytes: number;

  constructor(code: PipelineErrorCode, label: string, limitBytes: number) {
    super(
      `The ${label} capture is over ${limitBytes} bytes, more than one JavaScript string can hold: ` +
        'set maxBytes (for example 1048576) to keep part of it, and spill (a directory) to keep all of it in a file',
    );
    this.code = code;
    this.label = label;
    this.limitBytes = limitBytes;
  }
}
