import {
  type ByteOps,
  type Emit,
  type StageCore,
  validateBoolean,
  validateByteOps,
  validateInteger,
  validateOptionsObject,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import type { BytePositions } from './byte-positions';
import {
  copyBounds,
  TERMINATORS,
  type UnitCount,
  type UnitEnds,
  UnitScan,
  unitStart,
} from './find-unit-ends';
import { type BatchBounds, type BuiltUnits, LazyLineBatch } from './lazy-line-batch';
import type { LineBatch, LineTerminator, LineUnit } from './line-unit';
import { PendingBytes } from './pending-bytes';

const DEFAULT_MAX_UNIT_BYTES = 32 * 1024;
const EMPTY = new Uint8Array(0);

/** The options a line splitter takes (its Node stage's `LineSplitterOptions`). */
export const LINE_SPLITTER_OPTIONS = ['maxUnitBytes', 'batched', 'startOffset'] as const;
const CORE_OPTIONS = [
  ...LINE_SPLITTER_OPTIONS,
  'byteOps',
  'chunkIndexOf',
  'bytePositions',
  'deferBounds',
] as const;

/** Options of a line splitter. */
export interface LineSplitterOptions {
  /**
   * Byte cap of one unit: a longer run without a terminator is cut into units of at most this
   * many bytes (backing off to a character boundary when the bytes are valid UTF-8).
   * An integer ≥ 4.
   * @defaultValue 32768 bytes
   */
  maxUnitBytes?: number;
  /**
   * Emit one {@link LineBatch} per input chunk (the units the chunk completes, with their
   * contiguous bytes; a unit begun in an earlier chunk comes in a small batch of its own) instead
   * of one {@link LineUnit} per unit: far less per-object cost on short lines. A batch builds its
   * `LineUnit` objects only when its `units` is read; `unitCount` and `longestUnitBytes` cost nothing.
   * @defaultValue false
   */
  batched?: boolean;
  /**
   * Stream offset of the first byte written, for a splitter that starts mid-stream (a kept tail):
   * every unit's `offset` counts from it.
   * @defaultValue 0 (bytes)
   */
  startOffset?: number;
}

/** Options of `LineSplitterCore`: the stage's, plus the byte scans to use. */
export interface LineSplitterCoreOptions extends LineSplitterOptions {
  /** The byte scans and allocation: `nodeByteOps` in Node (units are then Buffers), `portableByteOps` anywhere. */
  byteOps: ByteOps;
  /**
   * Find terminators with the written chunk's own `indexOf` rather than `byteOps.indexOf` (same answers). For
   * a shell whose chunks are Node Buffers: `Buffer#indexOf` is memchr, and called directly it is inlined where
   * the call through `byteOps` is not (batched, 80-byte lines: 10 % of the splitter's CPU time, Node 20).
   * @defaultValue false
   */
  chunkIndexOf?: boolean;
  /**
   * A bulk search for the line ends (LF and CR), each window of a chunk in one call, instead of a search per
   * line: the web shell's WebAssembly one. Same answers.
   * @defaultValue undefined (a search per line)
   */
  bytePositions?: BytePositions;
  /**
   * Batched, with `bytePositions`: a write only counts the units its chunk completes (and measures the
   * longest), and a batch finds where its units end when its `units` is first read, so that a consumer of
   * `bytes` and `unitCount` alone (a decoder) pays for no more. The same batches. A chunk that ends with a
   * CR, follows one, or holds a unit to cut at `maxUnitBytes` is split as without it.
   * @defaultValue false
   */
  deferBounds?: boolean;
}

/** Counters of a line splitter, as a fresh plain object. */
export interface LineSplitterStats {
  /** Bytes written to the splitter. */
  bytes: number;
  /** Units emitted (in batched mode, the units inside the batches). */
  units: number;
  /** Units cut at `maxUnitBytes` instead of ended by a terminator or the end of input. */
  forcedFlushes: number;
  /** Bytes held for a unit not yet complete: at most `maxUnitBytes`, plus 1 for a CR that may start a CRLF. */
  pendingBytes: number;
  /**
   * `LineUnit` objects built: every unit when not batched; when batched, only the units of batches
   * whose `units` a consumer read (0 when every consumer used `bytes` and `unitCount` only).
   */
  builtUnits: number;
}

/**
 * The splitter's logic without a runtime: bytes in, line units (or batches) out. LF, CRLF and a bare CR
 * each end a unit; a unit with no terminator is cut at `maxUnitBytes`. A unit's bytes are a view of the
 * written bytes, or of a join the core made and never touches again; the core holds at most
 * `maxUnitBytes + 1` bytes between writes, as copies (the writer may reuse its chunk once `write` returns).
 */
export class LineSplitterCore implements StageCore<LineUnit | LineBatch, LineSplitterStats> {
  #ended = false;
  readonly #scan: UnitScan;
  readonly #batched: boolean;
  readonly #deferBounds: boolean;
  readonly #findBounds: BatchBounds;
  readonly #pending: PendingBytes;
  /** Where the offsets of a fresh (or restarted) core count from. */
  readonly #startOffset: number;
  #crPending = false;
  #offset = 0;
  #bytes = 0;
  #units = 0;
  #forcedFlushes = 0;
  #builtUnits: BuiltUnits = { count: 0 };

  /**
   * @throws TypeError when `options` is not an object, has an unknown key, an option has the wrong
   * type or `byteOps` is missing.
   * @throws RangeError when `maxUnitBytes` is not a safe integer ≥ 4 or `startOffset` is negative or fractional.
   */
  constructor(options: LineSplitterCoreOptions) {
    validateOptionsObject(options, CORE_OPTIONS);
    const {
      maxUnitBytes = DEFAULT_MAX_UNIT_BYTES,
      batched = false,
      startOffset = 0,
      byteOps,
      chunkIndexOf = false,
      bytePositions,
      deferBounds = false,
    } = options ?? ({} as Partial<LineSplitterCoreOptions>);
    // Below 4 bytes a forced cut could not keep a 4-byte UTF-8 character whole.
    validateInteger('maxUnitBytes', maxUnitBytes, { minimum: 4 });
    validateBoolean('batched', batched);
    validateInteger('startOffset', startOffset);
    validateByteOps(byteOps);
    validateBoolean('chunkIndexOf', chunkIndexOf);
    validateOptionsObject(bytePositions, undefined, 'bytePositions');
    validateBoolean('deferBounds', deferBounds);
    this.#scan = new UnitScan(byteOps, maxUnitBytes, chunkIndexOf, bytePositions);
    this.#batched = batched;
    this.#deferBounds = batched && deferBounds;
    this.#findBounds = { find: byteOps };
    this.#startOffset = startOffset;
    this.#offset = startOffset;
    this.#pending = new PendingBytes(byteOps);
  }

  /**
   * Starts over as a core just built with the same options, `startOffset` included (counters at 0, anything
   * held let go), without checking them again: a reader that splits one part of a stream after another keeps one.
   */
  restart(): void {
    this.#ended = false;
    this.#pending.keepFrom(EMPTY, this.#pending.length);
    this.#crPending = false;
    this.#offset = this.#startOffset;
    this.#bytes = 0;
    this.#units = 0;
    this.#forcedFlushes = 0;
    // A batch handed out before may still build its units: it counts them for the part it came from.
    this.#builtUnits = { count: 0 };
  }

  /** A snapshot of the counters. */
  get stats(): LineSplitterStats {
    return {
      bytes: this.#bytes,
      units: this.#units,
      forcedFlushes: this.#forcedFlushes,
      pendingBytes: this.#pending.length,
      builtUnits: this.#builtUnits.count,
    };
  }

  /** Splits the next bytes; `emit` receives the units (or batches) they complete. */
  write(bytes: Uint8Array, emit: Emit<LineUnit | LineBatch>): void {
    if (this.#ended) throw writeAfterEndError('LineSplitterCore');
    this.#bytes += bytes.length;
    const counted =
      this.#deferBounds && !this.#crPending ? this.#scan.count(bytes, this.#pending.length) : undefined;
    if (counted !== undefined) {
      this.#emitCounted(bytes, counted, emit);
      this.#pending.keepFrom(bytes, counted.next);
      this.#offset += counted.next;
      return;
    }
    const found = this.#scan.find(this.#pending, bytes, this.#crPending);
    this.#forcedFlushes += found.forced;
    this.#emit(bytes, found, emit);
    this.#pending.keepFrom(bytes, found.next);
    this.#offset += found.next;
    this.#crPending = found.crPending;
  }

  /** Ends the input: the held bytes become the last unit (a held CR its terminator). */
  end(emit: Emit<LineUnit | LineBatch>): void {
    if (this.#ended) return;
    this.#ended = true;
    const pending = this.#pending.length;
    if (pending > 0) {
      const end = this.#crPending ? pending - 1 : pending;
      const last: UnitEnds = {
        count: 1,
        ends: Float64Array.of(end),
        codes: Uint8Array.of(this.#crPending ? TERMINATORS.indexOf('\r') : 0),
        next: pending,
        crPending: false,
        forced: 0,
        longestInChunk: 0,
      };
      this.#emit(EMPTY, last, emit);
    }
    // Nothing is written after the end: only `stats.pendingBytes` still reads the state, and must show 0.
    this.#pending.keepFrom(EMPTY, pending);
    this.#crPending = false;
  }

  #emit(chunk: Uint8Array, found: UnitEnds, emit: Emit<LineUnit | LineBatch>): void {
    const { count, ends, codes } = found;
    this.#units += count;
    if (!this.#batched) {
      this.#builtUnits.count += count;
      let start = 0;
      for (let index = 0; index < count; index++) {
        const end = ends[index] as number;
        const terminator = TERMINATORS[codes[index] as number] as LineTerminator;
        const bytes = this.#pending.slice(chunk, start, end);
        emit({ bytes, terminator, offset: this.#offset + start });
        start = end + terminator.length;
      }
      return;
    }
    // Units that began in an earlier chunk get a batch of their own, so the chunk is never copied.
    const pending = this.#pending.length;
    let split = 0;
    let longest = 0;
    for (let start = 0; split < count && start < pending; start = unitStart(found, ++split))
      longest = Math.max(longest, (ends[split] as number) - start);
    this.#emitBatch(chunk, found, 0, split, longest, emit);
    this.#emitBatch(chunk, found, split, count, found.longestInChunk, emit);
  }

  /** `#emit`'s batches for units only counted: the first unit alone when it began in an earlier chunk. */
  #emitCounted(chunk: Uint8Array, counted: UnitCount, emit: Emit<LineUnit | LineBatch>): void {
    const { count, firstEnd, firstNext, next, longestInChunk } = counted;
    if (count === 0) return;
    this.#units += count;
    const find = this.#findBounds;
    const built = this.#builtUnits;
    let base = 0;
    if (this.#pending.length > 0) {
      const bytes = this.#pending.slice(chunk, 0, firstNext);
      emit(new LazyLineBatch(bytes, this.#offset, 1, find, firstEnd, built));
      base = firstNext;
    }
    if (base === next) return;
    const bytes = this.#pending.slice(chunk, base, next);
    emit(
      new LazyLineBatch(bytes, this.#offset + base, count - (base > 0 ? 1 : 0), find, longestInChunk, built),
    );
  }

  #emitBatch(
    chunk: Uint8Array,
    found: UnitEnds,
    first: number,
    stop: number,
    longest: number,
    emit: Emit<LineUnit | LineBatch>,
  ): void {
    if (first === stop) return;
    const base = unitStart(found, first);
    const bytes = this.#pending.slice(chunk, base, unitStart(found, stop));
    const bounds = copyBounds(found, first, stop);
    emit(
      new LazyLineBatch(
        bytes,
        this.#offset + base,
        bounds.count,
        { bounds, base },
        longest,
        this.#builtUnits,
      ),
    );
  }
}
