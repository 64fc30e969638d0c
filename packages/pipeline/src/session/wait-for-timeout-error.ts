import type { CommandRead } from './command-read';

/** `waitFor()` ran out of time: `read` is the output so far (it counts as read). */
export class WaitForTimeoutError extends Error {
  override readonly name = 'WaitForTimeoutError';
  readonly code = 'ERR_WAIT_FOR_TIMEOUT';
  /** The output since the last read, and where the command is. */
  readonly read: CommandRead;

  constructor(timeoutMs: number, read: CommandRead) {
    super(`What waitFor() waited for did not come within ${timeoutMs} ms`);
    this.read = read;
  }
}
