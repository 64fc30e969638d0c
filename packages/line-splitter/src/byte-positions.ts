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
}
