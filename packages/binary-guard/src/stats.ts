import type { BinaryGuardSegment, BinaryGuardVerdictCounts } from './segment-log';
import type { Utf16Encoding } from './utf16';

/**
 * How the passed text is encoded: strict UTF-8 throughout, some 8-bit legacy codepage (which one is
 * the decoder's business), or UTF-16 announced by a byte-order mark (for the preset to transcode).
 */
export type BinaryGuardEncoding = 'utf-8' | 'legacy' | Utf16Encoding;

/** One withheld run of the stream, in raw input bytes. */
export interface BinaryGuardWithheldRun {
  /** Input offset of the run's first byte. */
  offset: number;
  /** The run's length. */
  bytes: number;
  /** Control share of the window that opened it. */
  controlShare: number;
}

/** A snapshot of a `BinaryGuard`'s counters. */
export interface BinaryGuardStats {
  /** The stream's label, as given. */
  label: string;
  /** Whether any binary was met (a run withheld, or being withheld). */
  withheld: boolean;
  /** Raw bytes withheld for good (a run in progress counts in `heldBytes` until it is decided). */
  withheldBytes: number;
  /** Input offset where the first withheld run starts, or `null`. */
  withheldFrom: number | null;
  /** Control share of the window that opened the first withheld run, or `null`. */
  controlShare: number | null;
  /** The first 32 withheld runs that ended, in stream order. */
  withheldRuns: BinaryGuardWithheldRun[];
  /** How many withheld runs ended, the ones beyond `withheldRuns` included. */
  withheldRunCount: number;
  /** Raw input bytes passed through (the placeholder not included). */
  passedBytes: number;
  /**
   * Bytes received and neither passed nor withheld for good yet: a UTF-8 run's undecided end (a few
   * hundred bytes), less than a window while windows are classified, and during a withheld run the last
   * window looked at plus the one being filled (counted: of them the guard keeps only what a verdict can
   * still need). A chunk just written is examined a microtask later: until then it counts in
   * `writableLength`, not here.
   */
  heldBytes: number;
  /** How the passed text is encoded. */
  encoding: BinaryGuardEncoding;
  /** Segments per verdict. */
  verdicts: BinaryGuardVerdictCounts;
  /** The first 32 segments: strict-UTF-8 runs, classified windows and the withheld run. */
  segments: BinaryGuardSegment[];
  /** One text for every withheld run (the single run's placeholder, or a summary of several), or `null`. */
  placeholder: string | null;
}
