import { describeReceived, validateInteger, validateOptionsObject } from '@pipeguard/shared/core';
import { compileEnvironment } from './environment';
import { NEEDLE_SET_MIN_BYTES, NeedleSet } from './needle-set';
import { MIN_HOLD_BYTES, READ_AHEAD_BYTES } from './scan-limits';

/** A secret of the caller's: a literal string or a RegExp, and the kind its marker names. */
export interface RedactPattern {
  /** A literal (matched as its UTF-8 bytes) or a RegExp (matched within a line, on the bytes as Latin-1). */
  pattern: string | RegExp;
  /** The marker's kind: `[REDACTED:<kind>]`, lowercase letters, digits and `.`, `_`, `:`, `-`. */
  kind: string;
}

/** What a secret redactor looks for besides its built-in formats, and how much it holds. */
export interface RedactOptions {
  /**
   * The command's environment: the value (8 bytes or more) of every variable whose name says secret
   * (`*_TOKEN`, `*PASSWORD*`, …) is redacted wherever it appears, also base64-, hex- and percent-encoded,
   * as `[REDACTED:env:<NAME>]`. A name may carry several values (an array): each is searched.
   * @defaultValue `{}`
   */
  env?: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * More secrets to redact.
   * @defaultValue `[]`
   */
  patterns?: readonly RedactPattern[];
  /**
   * Values never redacted: a string equal to a found secret, or a RegExp that matches it.
   * @defaultValue `[]`
   */
  allow?: readonly (string | RegExp)[];
  /**
   * The most bytes of a line held back while they could still become a secret; a line longer than this
   * is scanned in windows, and a secret that runs past a window is withheld to its end.
   * @defaultValue `4096` (bytes; at least 256)
   */
  maxHoldBytes?: number;
}

/** The option keys of {@link RedactOptions}. */
export const REDACT_OPTIONS = ['env', 'patterns', 'allow', 'maxHoldBytes'] as const;

/** A literal searched with the native string search. */
export interface Needle {
  readonly text: string;
  readonly kind: string;
}

/** A caller's RegExp, global, with its kind. */
export interface RegExpRule {
  readonly regExp: RegExp;
  readonly kind: string;
}

/** Everything the options add to the built-in detectors, ready for the scan. */
export interface RedactRules {
  /** The literals shorter than a {@link NeedleSet} takes, each searched natively. */
  readonly needles: readonly Needle[];
  /** The other literals, found together in one pass. */
  readonly needleSet: NeedleSet;
  readonly regExps: readonly RegExpRule[];
  readonly allowed: ReadonlySet<string>;
  readonly allowedRegExps: readonly RegExp[];
  readonly maxHoldBytes: number;
}

const KIND = /^[a-z0-9][a-z0-9._:-]{0,63}$/;
const ENCODER = new TextEncoder();

/** A string's UTF-8 bytes as Latin-1 text: how the scan sees them. */
export function latin1OfUtf8(value: string): string {
  return String.fromCharCode(...ENCODER.encode(value));
}

function validateArray(name: string, value: unknown): asserts value is readonly unknown[] | undefined {
  if (value !== undefined && !Array.isArray(value))
    throw new TypeError(`The "${name}" option must be an array. Received ${describeReceived(value)}`);
}

function compilePattern(entry: unknown, index: number, needles: Needle[], regExps: RegExpRule[]): void {
  const name = `patterns[${index}]`;
  const { pattern, kind } = (entry ?? {}) as { pattern?: unknown; kind?: unknown };
  if (typeof entry !== 'object' || entry === null)
    throw new TypeError(
      `The "${name}" option must be an object with a string or RegExp "pattern" and a "kind". Received ${describeReceived(entry)}`,
    );
  if (typeof pattern !== 'string' && !(pattern instanceof RegExp))
    throw new TypeError(
      `The "${name}.pattern" option must be a string or a RegExp. Received ${describeReceived(pattern)}`,
    );
  if (typeof kind !== 'string')
    throw new TypeError(
      `The "${name}.kind" option must be of type string. Received ${describeReceived(kind)}`,
    );
  if (!KIND.test(kind))
    throw new RangeError(
      `The "${name}.kind" option must be a lowercase id of 1 to 64 characters. Received '${kind}'`,
    );
  if (pattern instanceof RegExp) {
    if (new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(''))
      throw new RangeError(
        `The "${name}.pattern" option must not match an empty string. Received ${pattern}`,
      );
    regExps.push({ regExp: new RegExp(pattern.source, `${pattern.flags.replace(/[gy]/g, '')}g`), kind });
    return;
  }
  const text = latin1OfUtf8(pattern as string);
  if (text.length === 0 || text.length > READ_AHEAD_BYTES || /[\r\n]/.test(text))
    throw new RangeError(
      `The "${name}.pattern" option must be 1 to ${READ_AHEAD_BYTES} bytes without a line end. Received ${describeReceived(pattern, { typeMismatch: false })}`,
    );
  needles.push({ text, kind });
}

/**
 * Checks a {@link RedactOptions} object and compiles it.
 * @throws TypeError when an option has the wrong type or is unknown.
 * @throws RangeError when `maxHoldBytes` is below 256, a kind is not a lowercase id, a RegExp matches the
 * empty string, or a literal pattern is empty, longer than 160 bytes or spans a line end.
 */
export function compileRules(
  options: RedactOptions | undefined,
  known: readonly string[] = REDACT_OPTIONS,
): RedactRules {
  validateOptionsObject(options, known);
  const { env = {}, patterns = [], allow = [], maxHoldBytes = 4096 } = options ?? {};
  validateInteger('maxHoldBytes', maxHoldBytes, { minimum: MIN_HOLD_BYTES });
  validateArray('patterns', patterns);
  validateArray('allow', allow);
  const needles: Needle[] = compileEnvironment(env);
  const regExps: RegExpRule[] = [];
  for (const [index, entry] of patterns.entries()) compilePattern(entry, index, needles, regExps);
  const allowed = new Set<string>();
  const allowedRegExps: RegExp[] = [];
  allow.forEach((entry, index) => {
    if (typeof entry === 'string') allowed.add(latin1OfUtf8(entry));
    else if (entry instanceof RegExp)
      allowedRegExps.push(new RegExp(entry.source, entry.flags.replace(/[gy]/g, '')));
    else
      throw new TypeError(
        `The "allow[${index}]" option must be a string or an instance of RegExp. Received ${describeReceived(entry)}`,
      );
  });
  const long = needles.filter(({ text }) => text.length >= NEEDLE_SET_MIN_BYTES);
  const short = needles.filter(({ text }) => text.length < NEEDLE_SET_MIN_BYTES);
  return { needles: short, needleSet: new NeedleSet(long), regExps, allowed, allowedRegExps, maxHoldBytes };
}
