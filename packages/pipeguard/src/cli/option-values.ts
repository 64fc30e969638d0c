import { isBareNumber, parseBytes, parseDuration } from '@pipeguard/shared';
import { UsageError } from './usage-error';

/** A byte size option (`2000`, `64KiB`, `1MiB`); `none` only where `nullable`. */
export function sizeValue(flag: string, text: string, nullable: false, minimum?: number): number;
export function sizeValue(flag: string, text: string, nullable: true, minimum?: number): number | null;
export function sizeValue(flag: string, text: string, nullable: boolean, minimum = 0): number | null {
  const bytes = parseBytes(text);
  if (bytes === null && nullable) return null;
  if (typeof bytes !== 'number' || bytes < minimum) {
    const examples = nullable ? '2000, 64KiB, 1MiB or none' : '2000, 64KiB or 1MiB';
    const least = minimum > 0 ? ` of at least ${minimum}` : '';
    throw new UsageError(`${flag} must be a byte size${least} such as ${examples}; got '${text}'`);
  }
  return bytes;
}

/** A count option such as `--from 10`: a positive whole number. */
export function countValue(flag: string, text: string): number {
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new UsageError(`${flag} must be a whole number of at least 1; got '${text}'`);
  }
  return count;
}

/**
 * A duration option such as `--timeout`: `30s`, `1500ms`, `2m`, or `none`; a bare number is milliseconds,
 * as everywhere. `--timeout` read a bare number as seconds in 0.1: it still does, with a note, until 0.3.
 */
export function durationValue(
  flag: string,
  text: string,
  note: (line: string) => void = () => {},
): number | null {
  const legacySeconds = flag === '--timeout' && isBareNumber(text);
  const ms = parseDuration(legacySeconds ? `${text.trim()}s` : text);
  if (ms === undefined) {
    throw new UsageError(`${flag} must be a duration such as 30s, 1500ms, 2m or none; got '${text}'`);
  }
  if (legacySeconds) {
    note(
      `${flag} ${text.trim()} without a unit is read as ${text.trim()}s (deprecated): write ${text.trim()}s; from 0.3 a bare number is milliseconds, as everywhere else`,
    );
  }
  return ms;
}

/**
 * `--fallback`: `none`, `auto`, or encodings, comma-separated, tried in order. The names are checked
 * by {@link checkEncodings} once the command runs, so that parsing never loads the codec tables.
 */
export function fallbackValue(_flag: string, text: string): string[] | 'auto' | null {
  const lowered = text.trim().toLowerCase();
  if (lowered === 'none') return null;
  if (lowered === 'auto') return 'auto';
  return lowered.split(',').map((name) => name.trim());
}

/** Rejects an encoding iconv-lite does not know, loading it only when encodings were named. */
export async function checkEncodings(flag: string, fallback: unknown): Promise<void> {
  if (!Array.isArray(fallback)) return;
  const { default: iconv } = await import('iconv-lite');
  const unknown = fallback.find((name: string) => !iconv.encodingExists(name));
  if (unknown !== undefined) {
    throw new UsageError(
      `${flag} must be auto, none or encodings such as gbk, shift_jis, windows-1252; unknown encoding '${unknown}'`,
    );
  }
}

/**
 * `--keep-matches[=TEXT]`: without a value (or with an empty one) the sink's built-in error patterns,
 * else the lines containing TEXT, a literal as a string is everywhere (the library, the MCP server).
 */
export function literalValue(_flag: string, text: string): true | string {
  return text === '' ? true : text;
}

/** `--keep-regex=REGEX`: the lines a regular expression matches (JavaScript syntax, no flags). */
export function regexValue(flag: string, text: string): RegExp {
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError(`${flag} must be a regular expression; got '${text}' (${(error as Error).message})`);
  }
}

/** `--pty` alone turns the terminal on; `--pty=auto` falls back to pipes when it cannot load. */
export function ptyValue(flag: string, text: string): true | 'auto' {
  if (text === '') return true;
  if (text === 'auto') return 'auto';
  throw new UsageError(`${flag} takes no value or =auto; got '${text}'`);
}

/** A choice among fixed words, such as `--keep head|tail|both`. */
export function choiceValue<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) {
    throw new UsageError(
      `${flag} must be ${choices.join(', ').replace(/, ([^,]*)$/, ' or $1')}; got '${text}'`,
    );
  }
  return text as T;
}
