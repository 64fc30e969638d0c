import {
  type TransformCallback,
  validateBoolean,
  validateInteger,
  validateOptionsObject,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { findUnitEnds, type UnitBounds, unitStart } from './find-unit-ends';
import { type BuiltUnits, LazyLineBatch } from './lazy-line-batch';
import type { LineTerminator, LineUnit } from './line-unit';
import { PendingBytes } from './pending-bytes';

const DEFAULT_MAX_UNIT_BYTES = 32 * 1024;
const EMPTY = Buffer.alloc(0);

const KNOWN_OPTIONS = ['maxUnitBytes', 'batched', 'startOffset'] as const;

/** Options of {@link LineSplitter}. */
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
   * of one {@link LineUnit} per push: far less per-object cost on short lines. A batch builds its
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

/** Counters of a {@link LineSplitter}, as a fresh plain object. */
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
 * A Transform from bytes to line units: LF, CRLF and a bare CR each end a unit, and a unit with no
 * terminator is cut at `maxUnitBytes`, so memory stays bounded by `maxUnitBytes` plus one chunk.
 * Units share memory with the input chunks: do not modify a buffer after writing it.
 */
export class LineSplitter extends Transform {
  readonly #maxUnitBytes: number;
  readonly #batched: boolean;
  readonly #pending = new PendingBytes();
  #crPending = false;
  #offset = 0;
  #bytes = 0;
  #units = 0;
  #forcedFlushes = 0;
  readonly #builtUnits: BuiltUnits = { count: 0 };

  /**
   * @param options - See {@link LineSplitterOptions}.
   * @throws TypeError when `options` is not an object, has an unknown key, or an option has the wrong type.
   * @throws RangeError when `maxUnitBytes` is not a safe integer ≥ 4 or `startOffset` is negative or fractional.
   */
  constructor(options?: LineSplitterOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const maxUnitBytes = options?.maxUnitBytes === undefined ? DEFAULT_MAX_UNIT_BYTES : options.maxUnitBytes;
    const batched = options?.batched === undefined ? false : options.batched;
    // Below 4 bytes a forced cut could not keep a 4-byte UTF-8 character whole.
    validateInteger('maxUnitBytes', maxUnitBytes, { minimum: 4 });
    validateBoolean('batched', batched);
    const startOffset = options?.startOffset === undefined ? 0 : options.startOffset;
    validateInteger('startOffset', startOffset);
    super({ readableObjectMode: true });
    this.#maxUnitBytes = maxUnitBytes;
    this.#batched = batched;
    this.#offset = startOffset;
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

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytes += chunk.length;
    const found = findUnitEnds(this.#pending, chunk, this.#crPending, this.#maxUnitBytes);
    this.#forcedFlushes += found.forced;
    this.#emit(chunk, found);
    this.#pending.keepFrom(chunk, found.next);
    this.#offset += found.next;
    this.#crPending = found.crPending;
    callback();
  }

  override _flush(callback: TransformCallback): void {
    const pending = this.#pending.length;
    const end = this.#crPending ? pending - 1 : pending;
    const terminator = this.#crPending ? '\r' : '';
    if (pending > 0) this.#emit(EMPTY, { ends: [end], terminators: [terminator] });
    // Nothing is written after the end: only `stats.pendingBytes` still reads the state, and must show 0.
    this.#pending.keepFrom(EMPTY, pending);
    callback();
  }

  #emit(chunk: Buffer, found: UnitBounds): void {
    const { ends, terminators } = found;
    this.#units += ends.length;
    if (!this.#batched) {
      this.#builtUnits.count += ends.length;
      let start = 0;
      for (let index = 0; index < ends.length; index++) {
        const end = ends[index] as number;
        const terminator = terminators[index] as LineTerminator;
        const bytes = this.#pending.slice(chunk, start, end);
        this.push({ bytes, terminator, offset: this.#offset + start } satisfies LineUnit);
        start = end + terminator.length;
      }
      return;
    }
    // Units that began in an earlier chunk get a batch of their own, so the chunk is never copied.
    let split = 0;
    while (split < ends.length && unitStart(found, split) < this.#pending.length) split++;
    this.#pushBatch(chunk, found, 0, split);
    this.#pushBatch(chunk, found, split, ends.length);
  }

  #pushBatch(chunk: Buffer, found: UnitBounds, first: number, stop: number): void {
    if (first === stop) return;
    const base = unitStart(found, first);
    const bytes = this.#pending.slice(chunk, base, unitStart(found, stop));
    this.push(new LazyLineBatch(bytes, this.#offset + base, found, first, stop, this.#builtUnits));
  }
}
