import { type UnitBounds, unitStart } from './find-unit-ends';
import type { LineBatch, LineUnit } from './line-unit';

/** A splitter's count of the `LineUnit` objects built so far, which its batches add to. */
export interface BuiltUnits {
  count: number;
}

/**
 * A {@link LineBatch} that keeps its units as the scan's boundary numbers and builds the
 * `LineUnit` objects (and their views of `bytes`) only when `units` is first read, then caches them.
 */
export class LazyLineBatch<Bytes extends Uint8Array = Uint8Array> implements LineBatch<Bytes> {
  readonly bytes: Bytes;
  readonly offset: number;
  readonly unitCount: number;
  readonly longestUnitBytes: number;
  readonly #bounds: UnitBounds;
  readonly #first: number;
  readonly #base: number;
  readonly #built: BuiltUnits;
  #units: LineUnit<Bytes>[] | undefined;

  /**
   * @param bytes - The units' contiguous bytes, terminators included.
   * @param offset - Stream offset of `bytes[0]`.
   * @param bounds - The scan's unit ends, in window positions; this batch holds units `[first, stop)`.
   * @param built - The splitter's count of built units, increased when `units` is built.
   */
  constructor(
    bytes: Bytes,
    offset: number,
    bounds: UnitBounds,
    first: number,
    stop: number,
    built: BuiltUnits,
  ) {
    const { ends, terminators } = bounds;
    // Window position where unit `first` starts, which `bytes[0]` is.
    const base = unitStart(bounds, first);
    let longest = 0;
    let start = base;
    for (let index = first; index < stop; index++) {
      const end = ends[index] as number;
      if (end - start > longest) longest = end - start;
      start = end + (terminators[index] as string).length;
    }
    this.bytes = bytes;
    this.offset = offset;
    this.unitCount = stop - first;
    this.longestUnitBytes = longest;
    this.#bounds = bounds;
    this.#first = first;
    this.#base = base;
    this.#built = built;
  }

  /** The units, built on first read; their `bytes` are views into the batch's `bytes`. */
  get units(): LineUnit<Bytes>[] {
    if (this.#units !== undefined) return this.#units;
    const { ends, terminators } = this.#bounds;
    const units: LineUnit<Bytes>[] = [];
    let start = 0;
    for (let index = this.#first; index < this.#first + this.unitCount; index++) {
      const end = (ends[index] as number) - this.#base;
      const terminator = terminators[index] as LineUnit['terminator'];
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
