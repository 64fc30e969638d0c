import {
  describeReceived,
  validateFunction,
  validateInteger,
  validateOneOf,
  validateOptionsObject,
  validateString,
  type WriteCallback,
} from '@pipeguard/shared';
import { Writable } from 'readable-stream';
import { ByteWindow } from './byte-window';
import { CUT_AT_MODES, type CutAt, splitAllowance } from './cut-points';
import { BoundedSinkError } from './errors';
import { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from './keep-mode';
import { compileKeepMatches, type KeepMatches } from './match-patterns';
import { MatchScanner } from './match-scanner';
import { type BoundedSinkResult, composeResult, type HeldMatches } from './sink-result';

const KNOWN_KEYS = [
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

/** Options of {@link BoundedSink}; an unknown key is a `TypeError`. */
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
   * Keeps the lines of the omitted part that match: `true` for {@link DEFAULT_MATCH_PATTERNS}, or the
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

/** Running counts of a {@link BoundedSink}. */
export interface BoundedSinkStats {
  totalBytes: number;
  /**
   * Bytes the sink holds in memory right now; at most `maxBytes` plus one chunk. Once finished,
   * the length of the result's `bytes`, all it keeps.
   */
  retainedBytes: number;
}

/**
 * A Writable that keeps at most `maxBytes` of what is written (head, tail or both), keeps reading
 * and discarding the rest so the writer never blocks, and marks the cut with exact counts.
 */
export class BoundedSink extends Writable {
  readonly #maxBytes: number | null;
  readonly #keep: KeepMode;
  readonly #label: string;
  readonly #cutAt: CutAt;
  readonly #sourceOffsetOf: (offset: number) => number | null;
  readonly #headLimit: number;
  readonly #scanner: MatchScanner | null = null;
  /** Where the matching part may end in the tail: the tail allowance it gives up when there are matches. */
  readonly #tailReserve: number = 0;
  readonly #matchStarts = { head: [] as number[], middle: 0, tail: [] as number[] };
  #composing = false;
  readonly #head: Buffer[] = [];
  #headLength = 0;
  readonly #tail: ByteWindow;
  #totalBytes = 0;
  #final: BoundedSinkResult | undefined;
  readonly #done: Promise<BoundedSinkResult>;
  #settle!: { resolve: (result: BoundedSinkResult) => void; reject: (error: Error) => void };

  /**
   * @throws TypeError when an option has the wrong type, `keepMatches` holds something other than
   * strings and RegExps, or an option is unknown.
   * @throws RangeError when `maxBytes`, `context`, `contextBefore` or `maxMatchLineBytes` is negative or
   * fractional, `maxMatchLineBytes` is 0, `matchShare` is not strictly between 0 and 1, a pattern is
   * empty or holds a line feed, or `keep`/`cutAt` is not a known mode.
   */
  constructor(options?: BoundedSinkOptions) {
    validateOptionsObject(options, KNOWN_KEYS);
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
    super();
    this.#maxBytes = maxBytes;
    this.#keep = keep;
    this.#label = label;
    this.#cutAt = cutAt;
    this.#sourceOffsetOf = sourceOffsetOf;
    // Unbounded keeps everything, whatever `keep` says: all of it is head (a tail window would be 0 bytes).
    this.#headLimit =
      maxBytes === null
        ? Number.POSITIVE_INFINITY
        : keep === 'head'
          ? maxBytes
          : keep === 'tail'
            ? 0
            : Math.ceil(maxBytes / 2);
    const budgetBytes = maxBytes === null ? 0 : Math.floor(maxBytes * matchShare);
    let onEvict: ((chunk: Buffer) => void) | undefined;
    if (patterns && maxBytes !== null && budgetBytes > 0) {
      // Matching covers what head and tail would give up for the excerpts, so that it sees every
      // byte that may end up omitted; what is finally kept is decided when the stream ends.
      const reduced = splitAllowance(maxBytes - budgetBytes, keep);
      this.#tailReserve = maxBytes - this.#headLimit - reduced.tail;
      const scanner = new MatchScanner({
        patterns,
        context,
        contextBefore,
        budgetBytes,
        maxLineBytes: Math.min(maxMatchLineBytes, budgetBytes),
        activeFrom: reduced.head,
        sourceOffsetOf,
        onMatch: (start) => this.#countMatch(start),
      });
      this.#scanner = scanner;
      onEvict = (chunk) => scanner.push(chunk);
    }
    this.#tail = new ByteWindow(maxBytes === null ? 0 : maxBytes - this.#headLimit, onEvict);
    this.#done = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    // Awaiting `done` is optional: a sink destroyed early must not report an unhandled rejection.
    this.#done.catch(() => {});
  }

  /** Resolves with the result when the stream finishes; rejects when it is destroyed first. */
  get done(): Promise<BoundedSinkResult> {
    return this.#done;
  }

  /** The result for what has been written so far (final once the stream finished). */
  get result(): BoundedSinkResult {
    return this.#final ?? this.#composeResult();
  }

  /** A fresh snapshot of the running counts. */
  get stats(): BoundedSinkStats {
    const retainedBytes = this.#final ? this.#final.bytes.length : this.#headLength + this.#tail.heldBytes;
    return { totalBytes: this.#totalBytes, retainedBytes };
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: WriteCallback): void {
    this.#totalBytes += chunk.length;
    let rest = chunk;
    if (this.#headLength < this.#headLimit) {
      const take = Math.min(rest.length, this.#headLimit - this.#headLength);
      // Copy a partial head chunk so the bytes discarded after it are not kept alive with it.
      this.#head.push(take === rest.length ? rest : Buffer.from(rest.subarray(0, take)));
      this.#headLength += take;
      this.#scanner?.push(rest.subarray(0, take));
      rest = rest.subarray(take);
    }
    if (rest.length > 0) this.#tail.append(rest);
    callback();
  }

  override _final(callback: WriteCallback): void {
    this.#final = this.#composeResult(this.#finishMatching());
    // The result holds its own copy: the written chunks need not stay alive as long as the sink.
    this.#head.length = 0;
    this.#tail.clear();
    this.#settle.resolve(this.#final);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    if (!this.#final) {
      this.#settle.reject(
        error ??
          new BoundedSinkError(
            'ERR_BOUNDED_SINK_CLOSED',
            `The ${this.#label} sink was destroyed before it finished`,
          ),
      );
    }
    callback(error);
  }

  /** Matches the rest of what may be omitted (the tail's reserve); `null` when the middle had no match. */
  #finishMatching(): HeldMatches | null {
    const scanner = this.#scanner;
    if (!scanner || this.#maxBytes === null || this.#totalBytes <= this.#maxBytes) return null;
    this.#composing = true;
    scanner.push(this.#tail.dropped());
    let reserve = this.#tailReserve;
    for (const view of this.#tail.views()) {
      if (reserve === 0) break;
      scanner.push(view.subarray(0, reserve));
      reserve -= Math.min(reserve, view.length);
    }
    scanner.finish();
    const starts = this.#matchStarts;
    // Only a match in what today's cut omits changes the output; otherwise it stays byte for byte.
    if (starts.middle === 0) return null;
    return {
      excerpts: scanner.excerpts,
      excerptBytes: scanner.excerptBytes,
      keptMatchedLines: scanner.keptMatches,
      countMatches: (from, to) =>
        starts.middle +
        starts.head.filter((start) => start >= from).length +
        starts.tail.filter((start) => start < to).length,
    };
  }

  #countMatch(start: number): void {
    const starts = this.#matchStarts;
    if (start < this.#headLimit) starts.head.push(start);
    else if (
      this.#composing &&
      start >= this.#totalBytes - this.#tail.heldBytes + this.#tail.dropped().length
    )
      starts.tail.push(start);
    else starts.middle++;
  }

  #composeResult(matches: HeldMatches | null = null): BoundedSinkResult {
    // One copy of everything held, head then tail: the result's bytes are that copy (or a view of it)
    // unless bytes are given back between the two cuts.
    const kept = Buffer.concat([...this.#head, ...this.#tail.views()]);
    return composeResult({
      kept,
      headLength: this.#headLength,
      byteBeforeTail: this.#tail.byteBefore ?? kept[this.#headLength - 1],
      totalBytes: this.#totalBytes,
      maxBytes: this.#maxBytes,
      keep: this.#keep,
      label: this.#label,
      cutAt: this.#cutAt,
      matches,
      sourceOffsetOf: this.#sourceOffsetOf,
    });
  }
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
