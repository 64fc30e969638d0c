import type { RunResult } from './run-result';

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
