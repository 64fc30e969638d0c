import { type ByteOps, lineEndLength } from '@pipeguard/shared/core';
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
  #bounds: BatchBounds;
  #longest: number | undefined;
  readonly #built: BuiltUnits;
  #units: LineUnit<Bytes>[] | undefined;

  /**
   * @param bytes - The units' contiguous bytes, terminators included.
   * @param offset - Stream offset of `bytes[0]`.
   * @param unitCount - How many units `bytes` holds.
   * @param bounds - Where the units end (the batch's own arrays), or how to find it.
   * @param longestUnitBytes - Bytes of the longest unit, terminator excluded; `undefined`: found when read.
   * @param built - The splitter's count of built units, increased when `units` is built.
   */
  constructor(
    bytes: Bytes,
    offset: number,
    unitCount: number,
    bounds: BatchBounds,
    longestUnitBytes: number | undefined,
    built: BuiltUnits,
  ) {
    this.bytes = bytes;
    this.offset = offset;
    this.unitCount = unitCount;
    this.#longest = longestUnitBytes;
    this.#bounds = bounds;
    this.#built = built;
  }

  /** Bytes of the longest unit, terminator excluded (0 for empty units), without building the units. */
  get longestUnitBytes(): number {
    if (this.#longest !== undefined) return this.#longest;
    const { bounds, base } = this.#found();
    let longest = 0;
    for (let index = 0, start = 0; index < this.unitCount; index++) {
      const end = (bounds.ends[index] as number) - base;
      if (end - start > longest) longest = end - start;
      start = end + lineEndLength(bounds.codes[index] as number);
    }
    this.#longest = longest;
    return longest;
  }

  /** The units, built on first read; their `bytes` are views into the batch's `bytes`. */
  get units(): LineUnit<Bytes>[] {
    if (this.#units !== undefined) return this.#units;
    const { bounds, base } = this.#found();
    const { ends, codes } = bounds;
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

  /** The units' bounds, found in `bytes` on the first call when the splitter only counted them. */
  #found(): { bounds: UnitBounds; base: number } {
    const found = this.#bounds;
    if ('find' in found) this.#bounds = { bounds: findBatchBounds(found.find, this.bytes), base: 0 };
    return this.#bounds as { bounds: UnitBounds; base: number };
  }
}
