/** How a line unit ended: LF, CRLF, a bare CR, or nothing (a forced flush or the end of input). */
export type LineTerminator = '\n' | '\r\n' | '\r' | '';

/** One line of raw bytes, as `LineSplitter` emits it. */
export interface LineUnit {
  /** The unit's raw bytes, without the terminator. */
  bytes: Buffer;
  /** The terminator that ended the unit. */
  terminator: LineTerminator;
  /** Byte offset of the unit's first byte in the whole stream. */
  offset: number;
}

/**
 * The units one input chunk completes, together, as `LineSplitter` emits them in batched mode (a
 * unit begun in an earlier chunk comes in a small batch of its own, so no chunk is copied).
 *
 * A batch from `LineSplitter` keeps its units as boundary numbers: `units` is a getter that builds
 * the `LineUnit` objects on first read and caches them, while `unitCount` and `longestUnitBytes`
 * cost nothing. A consumer that needs only the text should read `bytes` and `unitCount`. A batch
 * built by hand as `{ bytes, offset, units }` is valid too: then `units.length` and the units give
 * what the two optional numbers would.
 */
export interface LineBatch {
  /** The contiguous raw bytes of every unit in order, terminators included. */
  readonly bytes: Buffer;
  /** Byte offset of `bytes[0]` in the whole stream. */
  readonly offset: number;
  /** The units, whose `bytes` are subarrays of the batch's `bytes` (built on first read when lazy). */
  readonly units: LineUnit[];
  /** How many units the batch holds, without building them. */
  readonly unitCount?: number;
  /** Bytes of the longest unit, terminator excluded (0 for empty units), without building them. */
  readonly longestUnitBytes?: number;
}
