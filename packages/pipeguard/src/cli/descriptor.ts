import { fstatSync, statSync } from 'node:fs';
import { requireBuiltin } from '@pipeguard/shared';

// bigint stats throughout: a plain fstat of a pipe leaves S_IFIFO in the array realpathSync reads for
// cached path components, which cut module resolution short when stdin was a pipe.

/** Whether file descriptor `fd` is open on /dev/null (never on Windows, which has none). */
export function isDevNull(fd: number): boolean {
  try {
    const file = fstatSync(fd, { bigint: true });
    return file.isCharacterDevice() && file.rdev === statSync('/dev/null', { bigint: true }).rdev;
  } catch {
    return false;
  }
}

/**
 * Whether file descriptor `fd` is a terminal. Only a character device other than /dev/null can be one:
 * for a pipe, a file or /dev/null the answer comes from one fstat, and Node's `tty` module (not loaded
 * by a bare `node`) is loaded only for a character device, so `pipeguard -- CMD` with its output to a
 * pipe, a file or /dev/null does not pay for it at start-up.
 */
export function isTerminal(fd: number): boolean {
  try {
    const file = fstatSync(fd, { bigint: true });
    if (!file.isCharacterDevice() || isDevNull(fd)) return false;
  } catch {
    return false;
  }
  return requireBuiltin<typeof import('node:tty')>('node:tty').isatty(fd);
}
