import type { BinaryGuardSegment, BinaryGuardVerdictCounts } from './segment-log';
import type { Utf16Encoding } from './utf16';

/**
 * How the passed text is encoded: strict UTF-8 throughout, some 8-bit legacy codepage (which one is
 * the decoder's business), or UTF-16 announced by a byte-order mark (for the preset to transcode).
 */
export type BinaryGuardEncoding = 'utf-8' | 'legacy' | Utf16Encoding;

/** A snapshot of a {@link BinaryGuard}'s counters. */
export interface BinaryGuardStats {
  /** The stream's label, as given. */
  label: string;
  /** Whether a run was withheld (then everything from `withheldFrom` on was). */
  withheld: boolean;
  /** Raw bytes withheld. */
  withheldBytes: number;
  /** Stream offset where the withheld run starts, or `null`. */
  withheldFrom: number | null;
  /** Control share of the window that was withheld, or `null`. */
  controlShare: number | null;
  /** Raw input bytes passed through (the placeholder not included). */
  passedBytes: number;
  /**
   * Bytes received and neither passed nor withheld yet, the chunk being examined included: at most one
   * window (or one chunk, when chunks are longer) plus that chunk.
   */
  heldBytes: number;
  /** How the passed text is encoded. */
  encoding: BinaryGuardEncoding;
  /** Segments per verdict. */
  verdicts: BinaryGuardVerdictCounts;
  /** The first 32 segments: strict-UTF-8 runs, classified windows and the withheld run. */
  segments: BinaryGuardSegment[];
  /** The placeholder for what is withheld, or `null`. */
  placeholder: string | null;
}
