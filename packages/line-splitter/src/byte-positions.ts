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
   * The line ends (LF, CR, a CRLF once) of a whole chunk counted in one pass, none located but the first and
   * the last, for a splitter that finds its units' ends only when they are read (without it, a core counts
   * over {@link BytePositions.find}'s positions).
   */
  countLineEnds?(bytes: Uint8Array): LineEndCount;
}

/**
 * What {@link BytePositions.countLineEnds} tells of a chunk, whose units are its runs of bytes each ended by a
 * line end (a CR at its end taken as one): chunk indexes, 0 when there is no line end.
 */
export interface LineEndCount {
  /** How many line ends. */
  count: number;
  /** Index of the first line end. */
  firstEnd: number;
  /** Index right after the first line end. */
  firstNext: number;
  /** Index right after the last line end. */
  next: number;
  /** Bytes of the longest unit after the first, line end excluded. */
  longestAfterFirst: number;
}
