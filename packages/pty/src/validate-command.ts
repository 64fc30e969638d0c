import { describeReceived } from '@pipeguard/shared';

/** Validates a command as `run()` and `spawnPtyChild()` take it: a non-empty file and an array of string arguments. */
export function validateCommand(file: unknown, args: unknown): asserts args is string[] {
  if (typeof file !== 'string' || file === '') {
    const received = describeReceived(file, { typeMismatch: typeof file !== 'string' });
    throw new TypeError(`The "file" argument must be a non-empty string. Received ${received}`);
  }
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
    throw new TypeError(
      `The "args" argument must be an array of strings. Received ${describeReceived(args)}`,
    );
  }
}
