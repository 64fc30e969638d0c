import {
  type ByteOps,
  concatBytes,
  copyBytes,
  type Emit,
  type StageCore,
  validateByteOps,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import { ByteWindow } from './byte-window';
import { splitAllowance } from './cut-points';
import { MatchScanner } from './match-scanner';
import {
  BOUNDED_SINK_OPTIONS,
  type BoundedSinkOptions,
  resolveSinkOptions,
  type SinkSettings,
} from './sink-options';
import { type BoundedSinkResult, composeResult, type HeldMatches } from './sink-result';

/** Options of `BoundedSinkCore`: the stage's, plus the byte scans to use. */
export interface BoundedSinkCoreOptions extends BoundedSinkOptions {
  /** The byte scans and allocation: `nodeByteOps` in Node (the result's bytes are then Buffers), `portableByteOps` anywhere. */
  byteOps: ByteOps;
}

/** Running counts of a bounded sink. */
export interface BoundedSinkStats {
  totalBytes: number;
  /**
   * Bytes the sink holds in memory right now; at most `maxBytes`. Once finished, the length of the
   * result's `bytes`, all it keeps.
   */
  retainedBytes: number;
}

/**
 * The sink's logic without a runtime: keeps at most `maxBytes` of what is written (head, tail or both,
 * as copies of its own), counts and matches the rest as it goes, and composes the result, marker and
 * excerpts included, at the end: `end` emits it once. Everything `pipeline()`'s capture needs comes
 * from here: the kept bytes, the counts, the excerpts and their offsets through `sourceOffsetOf`.
 */
export class BoundedSinkCore implements StageCore<BoundedSinkResult, BoundedSinkStats> {
  readonly #settings: SinkSettings;
  readonly #ops: ByteOps;
  readonly #headLimit: number;
  #scanner: MatchScanner | null = null;
  /** Where the matching part may end in the tail: the tail allowance it gives up when there are matches. */
  #tailReserve = 0;
  #matchStarts = { head: [] as number[], middle: 0, tail: [] as number[] };
  #composing = false;
  #head: Uint8Array[] = [];
  #headLength = 0;
  #tail: ByteWindow;
  #totalBytes = 0;
  #final: BoundedSinkResult | undefined;

  /**
   * @throws TypeError when an option has the wrong type, `keepMatches` holds something other than
   * strings and RegExps, an option is unknown, or `byteOps` is missing.
   * @throws RangeError when `maxBytes`, `context`, `contextBefore` or `maxMatchLineBytes` is negative or
   * fractional, `maxMatchLineBytes` is 0, `matchShare` is not strictly between 0 and 1, a pattern is
   * empty or holds a line feed, or `keep`/`cutAt` is not a known mode.
   */
  constructor(options: BoundedSinkCoreOptions) {
    const settings = resolveSinkOptions(options, [...BOUNDED_SINK_OPTIONS, 'byteOps']);
    const { byteOps } = options ?? ({} as Partial<BoundedSinkCoreOptions>);
    validateByteOps(byteOps);
    this.#settings = settings;
    this.#ops = byteOps;
    const { maxBytes, keep } = settings;
    // Unbounded keeps everything, whatever `keep` says: all of it is head (a tail window would be 0 bytes).
    this.#headLimit = maxBytes === null ? Number.POSITIVE_INFINITY : splitAllowance(maxBytes, keep).head;
    this.#tail = this.#startWindow();
  }

  /**
   * Starts over as a sink just built with the same options (nothing written, not ended), without checking
   * them again: a reader that composes a result for each part of a stream builds one sink, not one a part.
   */
  restart(): void {
    this.#matchStarts = { head: [], middle: 0, tail: [] };
    this.#composing = false;
    this.#head = [];
    this.#headLength = 0;
    this.#totalBytes = 0;
    this.#final = undefined;
    this.#tail = this.#startWindow();
  }

  /** A tail window, and the matching that sees what it lets go (when there are patterns and room for excerpts). */
  #startWindow(): ByteWindow {
    const settings = this.#settings;
    const { maxBytes, keep, patterns, matchShare } = settings;
    const budgetBytes = maxBytes === null ? 0 : Math.floor(maxBytes * matchShare);
    let onEvict: ((bytes: Uint8Array) => void) | undefined;
    this.#scanner = null;
    if (patterns && maxBytes !== null && budgetBytes > 0) {
      // Matching covers what head and tail would give up for the excerpts, so that it sees every
      // byte that may end up omitted; what is finally kept is decided when the stream ends.
      const reduced = splitAllowance(maxBytes - budgetBytes, keep);
      this.#tailReserve = maxBytes - this.#headLimit - reduced.tail;
      const scanner = new MatchScanner({
        patterns,
        context: settings.context,
        contextBefore: settings.contextBefore,
        budgetBytes,
        maxLineBytes: Math.min(settings.maxMatchLineBytes, budgetBytes),
        activeFrom: reduced.head,
        sourceOffsetOf: settings.sourceOffsetOf,
        onMatch: (start) => this.#countMatch(start),
        byteOps: this.#ops,
      });
      this.#scanner = scanner;
      onEvict = (bytes) => scanner.push(bytes);
    }
    return new ByteWindow(maxBytes === null ? 0 : maxBytes - this.#headLimit, this.#ops, onEvict);
  }

  /** The result for what has been written so far (final once ended). */
  get result(): BoundedSinkResult {
    return this.#final ?? this.#composeResult();
  }

  /**
   * Whether nothing written from now on can be kept: a sink with no tail window and no matching (no
   * excerpts) whose head is full only counts what comes, so a stage before it need not work on it.
   */
  get keepsNoMore(): boolean {
    return this.#headLength >= this.#headLimit && this.#tail.limit === 0 && this.#scanner === null;
  }

  /** A fresh snapshot of the running counts. */
  get stats(): BoundedSinkStats {
    const retainedBytes = this.#final ? this.#final.bytes.length : this.#headLength + this.#tail.heldBytes;
    return { totalBytes: this.#totalBytes, retainedBytes };
  }

  /** Keeps, counts and matches the next bytes; emits nothing. */
  write(bytes: Uint8Array, _emit?: Emit<BoundedSinkResult>): void {
    if (this.#final) throw writeAfterEndError('BoundedSinkCore');
    const rest = this.#takeHead(bytes);
    if (rest.length > 0) this.#tail.append(rest);
  }

  /**
   * Writes `chunks` as one write (a batch of writes, valid until the call returns): equal to writing
   * each in turn, but of what they leave for the tail only the batch's last `maxBytes` are copied.
   */
  writeAll(chunks: readonly Uint8Array[]): void {
    if (this.#final) throw writeAfterEndError('BoundedSinkCore');
    this.#tail.appendAll(chunks.map((bytes) => this.#takeHead(bytes)));
  }

  /** Counts `bytes`, keeps (a copy of) what the head has room for, and returns the rest. */
  #takeHead(bytes: Uint8Array): Uint8Array {
    this.#totalBytes += bytes.length;
    if (this.#headLength >= this.#headLimit) return bytes;
    const take = Math.min(bytes.length, this.#headLimit - this.#headLength);
    const head = bytes.subarray(0, take);
    this.#head.push(copyBytes(this.#ops, head));
    this.#headLength += take;
    this.#scanner?.push(head);
    return bytes.subarray(take);
  }

  /** Ends the input: composes the final result, lets go of everything else, and emits the result. */
  end(emit: Emit<BoundedSinkResult>): void {
    if (this.#final) return;
    this.#final = this.#composeResult(this.#finishMatching());
    // The result holds its own copy: the held head and tail need not stay alive as long as the sink.
    this.#head = [];
    this.#tail.clear();
    emit(this.#final);
  }

  /** Matches the rest of what may be omitted (the tail's reserve); `null` when the middle had no match. */
  #finishMatching(): HeldMatches | null {
    const scanner = this.#scanner;
    const { maxBytes } = this.#settings;
    if (!scanner || maxBytes === null || this.#totalBytes <= maxBytes) return null;
    this.#composing = true;
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
    else if (this.#composing && start >= this.#totalBytes - this.#tail.heldBytes) starts.tail.push(start);
    else starts.middle++;
  }

  #composeResult(matches: HeldMatches | null = null): BoundedSinkResult {
    // One copy of everything held, head then tail: the result's bytes are that copy (or a view of it)
    // unless bytes are given back between the two cuts.
    const kept = concatBytes(this.#ops, [...this.#head, ...this.#tail.views()]);
    const { maxBytes, keep, label, cutAt, sourceOffsetOf } = this.#settings;
    return composeResult({
      kept,
      headLength: this.#headLength,
      byteBeforeTail: this.#tail.byteBefore ?? kept[this.#headLength - 1],
      totalBytes: this.#totalBytes,
      maxBytes,
      keep,
      label,
      cutAt,
      matches,
      sourceOffsetOf,
      ops: this.#ops,
    });
  }
}
