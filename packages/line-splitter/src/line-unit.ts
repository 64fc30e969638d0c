/** How a line unit ended: LF, CRLF, a bare CR, or nothing (a forced flush or the end of input). */
export type LineTerminator = '\n' | '\r\n' | '\r' | '';

/**
 * One line of raw bytes, as a line splitter emits it. `Bytes` is the kind of byte array: `Uint8Array`
 * from a core, `Buffer` from the Node stage (whose `LineUnit` fixes it).
 */
export interface LineUnit<Bytes extends Uint8Array = Uint8Array> {
  /** The unit's raw bytes, without the terminator. */
  bytes: Bytes;
  /** The terminator that ended the unit. */
  terminator: LineTerminator;
  /** Byte offset of the unit's first byte in the whole stream. */
  offset: number;
}

/**
 * The units one input chunk completes, together, as a line splitter emits them in batched mode (a
 * unit begun in an earlier chunk comes in a small batch of its own, so no chunk is copied).
 *
 * A batch from a splitter keeps its units as boundary numbers: `units` is a getter that builds
 * the `LineUnit` objects on first read and caches them, while `unitCount` and `longestUnitBytes`
 * cost nothing. A consumer that needs only the text should read `bytes` and `unitCount`. A batch
 * built by hand as `{ bytes, offset, units }` is valid too: then `units.length` and the units give
 * what the two optional numbers would.
 */
export interface LineBatch<Bytes extends Uint8Array = Uint8Array> {
  /** The contiguous raw bytes of every unit in order, terminators included. */
  readonly bytes: Bytes;
  /** Byte offset of `bytes[0]` in the whole stream. */
  readonly offset: number;
  /** The units, whose `bytes` are subarrays of the batch's `bytes` (built on first read when lazy). */
  readonly units: LineUnit<Bytes>[];
  /** How many units the batch holds, without building them. */
  readonly unitCount?: number;
  /** Bytes of the longest unit, terminator excluded (0 for empty units), without building them. */
  readonly longestUnitBytes?: number;
}

/** Whether a chunk has the shape of a {@link LineUnit}: bytes, the terminator that ended them, an offset. */
export function isLineUnit(chunk: unknown): chunk is LineUnit {
  const unit = chunk as Partial<LineUnit> | null;
  return (
    unit?.bytes instanceof Uint8Array &&
    typeof unit.terminator === 'string' &&
    typeof unit.offset === 'number'
  );
}

/**
 * Whether a chunk has the shape of a {@link LineBatch}. `unitCount` is looked at before `units`,
 * because reading `units` builds a lazy batch's units.
 */
export function isLineBatch(chunk: unknown): chunk is LineBatch {
  const batch = chunk as Partial<LineBatch> | null;
  return (
    batch?.bytes instanceof Uint8Array &&
    typeof batch.offset === 'number' &&
    (typeof batch.unitCount === 'number' || Array.isArray(batch.units))
  );
}
