/** Exit status for bad arguments, as most Unix tools use. */
export const EXIT_USAGE = 2;

/** A bad command line: printed as one line with a hint to `--help`, exit status 2, no stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'ERR_PIPEGUARD_USAGE';
}
