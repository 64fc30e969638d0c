import { describeReceived } from '@pipeguard/shared/core';
import { dropSubsumed } from './literal-anchors';

const ENCODER = new TextEncoder();

/**
 * What a `BoundedSink` keeps from the omitted middle when `keepMatches` is `true`: lines containing
 * any of these (case-sensitive substrings), which is what compilers, runtimes and test runners print
 * on failure. `'error'`/`'Error'` also cover `error[E0308]`, `AssertionError`, `TypeError`; `'FAIL'`
 * covers `FAILED`.
 */
export const DEFAULT_MATCH_PATTERNS: readonly string[] = Object.freeze([
  'error',
  'Error',
  'ERROR',
  'fatal',
  'Fatal',
  'FATAL',
  'FAIL',
  'panic',
  'Traceback',
  'Exception',
  'Segmentation fault',
  'undefined reference',
  'No such file or directory',
  'Permission denied',
  'npm ERR!',
  '✗',
  '×',
]);

/** One caller pattern: a substring (searched as raw UTF-8 bytes) or a regular expression tested on each line. */
export type MatchPattern = string | RegExp;

/** The `keepMatches` option: off, the built-in patterns, or the caller's own. */
export type KeepMatches = boolean | MatchPattern | readonly MatchPattern[];

/** Patterns compiled for scanning: literal byte strings found with `indexOf`, and line-wise regular expressions. */
export interface CompiledPatterns {
  /** The string patterns, less those that contain another one (they match no other line). */
  readonly literals: readonly Uint8Array[];
  readonly regexps: readonly RegExp[];
  /** Length of the longest literal, for matches that straddle two chunks. */
  readonly longestLiteral: number;
}

/**
 * Validates and compiles `keepMatches`; `null` when it is off.
 * @throws TypeError when it is not a boolean, string, RegExp or array of strings and RegExps.
 * @throws RangeError when a string pattern is empty or holds a line feed (it could never match a line).
 */
export function compileKeepMatches(value: unknown): CompiledPatterns | null {
  if (value === false) return null;
  const patterns = value === true ? DEFAULT_MATCH_PATTERNS : Array.isArray(value) ? value : [value];
  const literals: Uint8Array[] = [];
  const regexps: RegExp[] = [];
  for (const pattern of patterns as unknown[]) {
    if (pattern instanceof RegExp) {
      // A copy without `g`/`y`: `test` must not depend on a `lastIndex` left over from the previous line.
      regexps.push(new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')));
    } else if (typeof pattern === 'string') {
      if (pattern === '' || pattern.includes('\n')) {
        throw new RangeError(
          `The "keepMatches" option must hold non-empty patterns without a line feed. Received '${pattern.slice(0, 25)}'`,
        );
      }
      literals.push(ENCODER.encode(pattern));
    } else {
      throw new TypeError(
        `The "keepMatches" option must be a boolean, a string, a RegExp or an array of strings and RegExps. Received ${describeReceived(pattern)}`,
      );
    }
  }
  if (literals.length === 0 && regexps.length === 0) {
    throw new RangeError('The "keepMatches" option must hold at least one pattern. Received []');
  }
  const longestLiteral = literals.reduce((longest, literal) => Math.max(longest, literal.length), 0);
  return { literals: dropSubsumed(literals), regexps, longestLiteral };
}
