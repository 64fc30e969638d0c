import type { BinaryGuardVerdict } from './classify';

/** One classified piece of the stream: a strict-UTF-8 run, a window, or the withheld run. */
export interface BinaryGuardSegment {
  verdict: BinaryGuardVerdict;
  /** Stream offset of the segment's first byte. */
  offset: number;
  /** The segment's length in raw bytes. */
  bytes: number;
  /** Control share the verdict rests on; `null` for a strict-UTF-8 run, which needs none. */
  controlShare: number | null;
}

/** Segment counts per verdict. */
export type BinaryGuardVerdictCounts = Record<BinaryGuardVerdict, number>;

/** How many segments the log keeps in full; later ones are only counted, so memory stays bounded. */
export const KEPT_SEGMENTS = 32;

/** A bounded record of the stream's segments: counts per verdict, plus the first {@link KEPT_SEGMENTS}. */
export class SegmentLog {
  #counts: BinaryGuardVerdictCounts = { 'utf-8': 0, legacy: 0, 'utf-16le': 0, 'utf-16be': 0, binary: 0 };
  #kept: BinaryGuardSegment[] = [];
  #current: BinaryGuardSegment | null = null;

  /**
   * Adds `bytes` at `offset` to the current segment when that continues it, else opens one. Only
   * strict-UTF-8 runs and the withheld run grow; each window stays a segment of its own.
   */
  add(verdict: BinaryGuardVerdict, offset: number, bytes: number, controlShare: number | null): void {
    const current = this.#current;
    const grows = verdict === 'utf-8' || verdict === 'binary';
    if (grows && current?.verdict === verdict && current.offset + current.bytes === offset) {
      current.bytes += bytes;
      return;
    }
    this.#current = { verdict, offset, bytes, controlShare };
    this.#counts[verdict]++;
    if (this.#kept.length < KEPT_SEGMENTS) this.#kept.push(this.#current);
  }

  /** Segments per verdict, as a fresh object. */
  get counts(): BinaryGuardVerdictCounts {
    return { ...this.#counts };
  }

  /** Copies of the kept segments. */
  get segments(): BinaryGuardSegment[] {
    return this.#kept.map((segment) => ({ ...segment }));
  }
}
