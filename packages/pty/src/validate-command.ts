import { describeReceived } from '@pipeguard/shared';

/**
 * Validates a command as `run()` and `spawnPtyChild()` take it: a non-empty file and an array of string
 * arguments, none holding a null byte (no process can be given one).
 */
export function validateCommand(file: unknown, args: unknown): asserts args is string[] {
  if (typeof file !== 'string' || file === '' || file.includes('\0')) {
    const received = describeReceived(file, { typeMismatch: typeof file !== 'string' });
    throw new TypeError(
      `The "file" argument must be a non-empty string without null bytes. Received ${received}`,
    );
  }
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string' && !arg.includes('\0'))) {
    throw new TypeError(
      `The "args" argument must be an array of strings without null bytes. Received ${describeReceived(args)}`,
    );
  }
}
