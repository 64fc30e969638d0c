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
 */
export interface LineBatch {
  /** The contiguous raw bytes of every unit in order, terminators included. */
  bytes: Buffer;
  /** Byte offset of `bytes[0]` in the whole stream. */
  offset: number;
  /** The units, whose `bytes` are subarrays of the batch's `bytes`. */
  units: LineUnit[];
}
