import { loadPtyModule, PtyUnavailableError } from '@pipeguard/pty';

/**
 * Why `run()` could not give a command a pseudo-terminal here, or `null` when it can: the optional
 * package is loaded by the pty adapter's own loader, the one `run()` uses, so the answer is the one
 * `run()` would reach, but before any slot, spill file or process exists for the call.
 */
export function ptyUnavailable(): PtyUnavailableError | null {
  try {
    loadPtyModule();
    return null;
  } catch (error) {
    if (error instanceof PtyUnavailableError) return error;
    throw error;
  }
}
