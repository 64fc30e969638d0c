import { parseBytes, parseDuration } from '@pipeguard/shared';

/**
 * A command-line flag's value as a positive integer, `fallback` when the flag is absent.
 * @throws {RangeError} For text that is not a positive safe integer.
 */
export function positiveInteger(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`--${flag} must be a positive integer. Received '${text}'`);
  }
  return value;
}

/**
 * A command-line flag's value as a size (`4MiB`, `65536`), at least `minBytes`; `fallback` when absent.
 * @throws {RangeError} For text that is not a size, or a size below `minBytes`.
 */
export function sizeAtLeast(
  flag: string,
  text: string | undefined,
  fallback: number,
  minBytes: number,
  minText: string,
): number {
  if (text === undefined) return fallback;
  const bytes = parseBytes(text);
  if (typeof bytes !== 'number' || bytes < minBytes) {
    throw new RangeError(`--${flag} must be a size of at least ${minText}. Received '${text}'`);
  }
  return bytes;
}

/**
 * A command-line flag's value as a duration in milliseconds (`30s`, `1500ms`, `2m`; a bare number is
 * milliseconds), `fallback` when the flag is absent.
 * @throws {RangeError} For text that is not a positive duration.
 */
export function durationMs(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const ms = parseDuration(text);
  // Whole milliseconds, at least one: a bare 1.5 (ms) or a timer of none is a mistake, not a setting.
  const fractionOfMs = /^\s*\d*\.\d+\s*$/.test(text);
  if (typeof ms !== 'number' || fractionOfMs || !Number.isSafeInteger(ms) || ms < 1) {
    throw new RangeError(
      `--${flag} must be a duration such as 30s, 1500ms or 10m (a bare number is milliseconds). Received '${text}'`,
    );
  }
  return ms;
}
