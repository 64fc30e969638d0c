import {
  type LineBatch as CoreLineBatch,
  type LineUnit as CoreLineUnit,
  isLineBatch as isCoreLineBatch,
  isLineUnit as isCoreLineUnit,
} from './line-unit';

/** One line of raw bytes, as `LineSplitter` emits it: `{ bytes, terminator, offset }`, `bytes` a Buffer. */
export type LineUnit = CoreLineUnit<Buffer>;

/** The units one input chunk completes, together, as `LineSplitter` emits them in batched mode; see the core's `LineBatch`. */
export type LineBatch = CoreLineBatch<Buffer>;

/** Whether a chunk has the shape of a {@link LineUnit}: bytes, the terminator that ended them, an offset. */
export function isLineUnit(chunk: unknown): chunk is LineUnit {
  return isCoreLineUnit(chunk);
}

/**
 * Whether a chunk has the shape of a {@link LineBatch}. `unitCount` is looked at before `units`,
 * because reading `units` builds a lazy batch's units.
 */
export function isLineBatch(chunk: unknown): chunk is LineBatch {
  return isCoreLineBatch(chunk);
}
