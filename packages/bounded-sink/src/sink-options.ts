import {
  describeReceived,
  validateFunction,
  validateInteger,
  validateOneOf,
  validateOptionsObject,
  validateString,
} from '@pipeguard/shared/core';
import { CUT_AT_MODES, type CutAt } from './cut-points';
import { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from './keep-mode';
import { type CompiledPatterns, compileKeepMatches, type KeepMatches } from './match-patterns';

/** The options a bounded sink takes (its Node stage's `BoundedSinkOptions`). */
export const BOUNDED_SINK_OPTIONS = [
  'maxBytes',
  'keep',
  'label',
  'keepMatches',
  'context',
  'contextBefore',
  'matchShare',
  'maxMatchLineBytes',
  'cutAt',
  'sourceOffsetOf',
] as const;

/** Options of a bounded sink; an unknown key is a `TypeError`. */
export interface BoundedSinkOptions {
  /**
   * Most bytes kept; everything after is read, counted and discarded. `null` keeps everything.
   * @defaultValue `1048576` (1 MiB)
   */
  maxBytes?: number | null;
  /**
   * `'head'` keeps the first `maxBytes`, `'tail'` the last, `'both'` the first `ceil(maxBytes / 2)`
   * and the last `floor(maxBytes / 2)`.
   * @defaultValue `'head'`
   */
  keep?: KeepMode;
  /**
   * Names the stream in the truncation marker.
   * @defaultValue `'stdout'`
   */
  label?: string;
  /**
   * Keeps the lines of the omitted part that match: `true` for `DEFAULT_MATCH_PATTERNS`, or the
   * caller's patterns (a string is a case-sensitive substring, a RegExp is tested on each line's first
   * `maxMatchLineBytes` decoded as UTF-8; an array mixes both). The first matches are kept.
   * @defaultValue `false`
   */
  keepMatches?: KeepMatches;
  /**
   * Lines kept after each matching line (its location, its stack).
   * @defaultValue `2` (lines)
   */
  context?: number;
  /**
   * Lines kept before each matching line.
   * @defaultValue `0` (lines)
   */
  contextBefore?: number;
  /**
   * Share of `maxBytes` the excerpts may use, taken from head and tail only when the omitted part has a
   * matching line; strictly between 0 and 1.
   * @defaultValue `0.25`
   */
  matchShare?: number;
  /**
   * Most bytes kept of one excerpt line; a longer line is cut at a character boundary.
   * @defaultValue `512` (bytes)
   */
  maxMatchLineBytes?: number;
  /**
   * `'byte'` cuts head and tail at the limit (between characters); `'line'` moves each cut back to a
   * line end when one lies within the last quarter of that part's allowance.
   * @defaultValue `'byte'`
   */
  cutAt?: CutAt;
  /**
   * Maps an offset in the sink's input to the raw stream's offset (the stages before the sink compose
   * theirs), for the excerpts' addresses and `omittedSourceStart`.
   * @defaultValue the identity
   */
  sourceOffsetOf?: (offset: number) => number | null;
}

/** The options with their defaults applied and the patterns compiled. */
export interface SinkSettings {
  maxBytes: number | null;
  keep: KeepMode;
  label: string;
  patterns: CompiledPatterns | null;
  context: number;
  contextBefore: number;
  matchShare: number;
  maxMatchLineBytes: number;
  cutAt: CutAt;
  sourceOffsetOf: (offset: number) => number | null;
}

/**
 * Validates a bounded sink's options without touching them (`known`: the keys they may have) and fills
 * in the defaults.
 * @throws TypeError or RangeError as `BoundedSink`'s constructor documents.
 */
export function resolveSinkOptions(
  options: BoundedSinkOptions | undefined,
  known: readonly string[] = BOUNDED_SINK_OPTIONS,
): SinkSettings {
  validateOptionsObject(options, known);
  const {
    maxBytes = DEFAULT_MAX_BYTES,
    keep = 'head',
    label = 'stdout',
    keepMatches = false,
    context = 2,
    contextBefore = 0,
    matchShare = 0.25,
    maxMatchLineBytes = 512,
    cutAt = 'byte',
    sourceOffsetOf = identity,
  } = options ?? {};
  validateInteger('maxBytes', maxBytes, { nullable: true });
  validateOneOf('keep', keep, KEEP_MODES);
  validateString('label', label);
  const patterns = compileKeepMatches(keepMatches);
  validateInteger('context', context);
  validateInteger('contextBefore', contextBefore);
  validateShare(matchShare);
  validateInteger('maxMatchLineBytes', maxMatchLineBytes, { minimum: 1 });
  validateOneOf('cutAt', cutAt, CUT_AT_MODES);
  validateFunction('sourceOffsetOf', sourceOffsetOf);
  return {
    maxBytes,
    keep,
    label,
    patterns,
    context,
    contextBefore,
    matchShare,
    maxMatchLineBytes,
    cutAt,
    sourceOffsetOf,
  };
}

function identity(offset: number): number {
  return offset;
}

function validateShare(value: unknown): void {
  if (typeof value !== 'number') {
    throw new TypeError(
      `The "matchShare" option must be of type number. Received ${describeReceived(value)}`,
    );
  }
  if (!(value > 0 && value < 1)) {
    throw new RangeError(
      `The "matchShare" option must be > 0 and < 1. Received ${describeReceived(value, { typeMismatch: false })}`,
    );
  }
}
