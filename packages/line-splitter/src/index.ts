export {
  DEFAULT_MAX_LINE_BYTES,
  formatClipMarker,
  type LineClip,
} from './clip-line';
export { LineClipperError, type LineClipperErrorCode } from './errors';
export {
  type ClippedLineUnit,
  LineClipper,
  type LineClipperOptions,
  type LineClipperStats,
} from './line-clipper';
export type { LineSplitterOptions, LineSplitterStats } from './line-splitter';
export { LineSplitter } from './line-splitter';
export type { LineTerminator } from './line-unit';
export { isLineBatch, isLineUnit, type LineBatch, type LineUnit } from './node-line-unit';
