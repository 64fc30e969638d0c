/**
 * A bulk byte search a shell may give a core (the web shell's is WebAssembly SIMD): every position of either
 * of two bytes in a window of a chunk in one call, where a native search per line pays a call per line.
 */
export interface BytePositions {
  /** Bytes one {@link BytePositions.find} looks at, from its `from`. */
  readonly windowBytes: number;
  /**
   * Positions (chunk indexes, ascending) of every byte equal to `a` or `b` in `bytes[from, from + windowBytes)`
   * (cut at the end of `bytes`): a view valid until the next call, by any core.
   */
  find(bytes: Uint8Array, from: number, a: number, b: number): Int32Array;
  /**
   * The line ends of a whole chunk counted, none located but the first and the last, for a splitter that
   * finds its units' ends only when they are read (a core searches with `find` without it).
   */
  countLineEnds?(bytes: Uint8Array): LineEndCount;
}

/** What {@link BytePositions.countLineEnds} tells of a chunk. */
export interface LineEndCount {
  /** Line ends: each LF and each CR, a CR followed by an LF (a CRLF) counted once. */
  count: number;
  /** Index of the first LF or CR, `-1` when there is none. */
  first: number;
  /** Index of the last LF or CR, `-1` when there is none. */
  last: number;
  /** At least the longest distance between two consecutive LF or CR bytes, where that is 32 or more. */
  longGap: number;
}
