import type { ByteOps } from '@pipeguard/shared/core';
import { findBatchBounds, TERMINATORS, type UnitBounds } from './find-unit-ends';
import type { LineBatch, LineUnit } from './line-unit';

/** A splitter's count of the `LineUnit` objects built so far, which its batches add to. */
export interface BuiltUnits {
  count: number;
}

/**
 * A batch's units as the scan's boundary numbers (window positions from `base`), or, for a batch whose
 * units were only counted, the byte scans that find them in its `bytes` when they are first read.
 */
export type BatchBounds = { bounds: UnitBounds; base: number } | { find: ByteOps };

/**
 * A {@link LineBatch} that keeps its units as the scan's boundary numbers (or finds them, see
 * {@link BatchBounds}) and builds the `LineUnit` objects (and their views of `bytes`) only when `units`
 * is first read, then caches them.
 */
export class LazyLineBatch<Bytes extends Uint8Array = Uint8Array> implements LineBatch<Bytes> {
  readonly bytes: Bytes;
  readonly offset: number;
  readonly unitCount: number;
  readonly longestUnitBytes: number;
  readonly #bounds: BatchBounds;
  readonly #built: BuiltUnits;
  #units: LineUnit<Bytes>[] | undefined;

  /**
   * @param bytes - The units' contiguous bytes, terminators included.
   * @param offset - Stream offset of `bytes[0]`.
   * @param unitCount - How many units `bytes` holds.
   * @param bounds - Where the units end (the batch's own arrays), or how to find it.
   * @param longestUnitBytes - Bytes of the longest unit, terminator excluded.
   * @param built - The splitter's count of built units, increased when `units` is built.
   */
  constructor(
    bytes: Bytes,
    offset: number,
    unitCount: number,
    bounds: BatchBounds,
    longestUnitBytes: number,
    built: BuiltUnits,
  ) {
    this.bytes = bytes;
    this.offset = offset;
    this.unitCount = unitCount;
    this.longestUnitBytes = longestUnitBytes;
    this.#bounds = bounds;
    this.#built = built;
  }

  /** The units, built on first read; their `bytes` are views into the batch's `bytes`. */
  get units(): LineUnit<Bytes>[] {
    if (this.#units !== undefined) return this.#units;
    const found = this.#bounds;
    const { ends, codes } = 'find' in found ? findBatchBounds(found.find, this.bytes) : found.bounds;
    const base = 'find' in found ? 0 : found.base;
    const units: LineUnit<Bytes>[] = [];
    let start = 0;
    for (let index = 0; index < this.unitCount; index++) {
      const end = (ends[index] as number) - base;
      const terminator = TERMINATORS[codes[index] as number] as LineUnit['terminator'];
      // A view of a Buffer is a Buffer: `subarray` keeps the array's kind.
      const bytes = this.bytes.subarray(start, end) as Bytes;
      units.push({ bytes, terminator, offset: this.offset + start });
      start = end + terminator.length;
    }
    this.#built.count += units.length;
    this.#units = units;
    return units;
  }
}
