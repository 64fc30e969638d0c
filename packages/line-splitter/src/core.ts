// The runtime-free cores of @pipeguard/line-splitter (the splitter and the clipper): what any shell
// (Node, WHATWG streams) drives.
export type { BytePositions, LineEndCount } from './byte-positions';
export { clipLine, DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
export { LineClipperError, type LineClipperErrorCode } from './errors';
export {
  type ClippedLineUnit,
  LINE_CLIPPER_OPTIONS,
  LineClipperCore,
  type LineClipperCoreOptions,
  type LineClipperOptions,
  type LineClipperStats,
} from './line-clipper-core';
export {
  LINE_SPLITTER_OPTIONS,
  LineSplitterCore,
  type LineSplitterCoreOptions,
  type LineSplitterOptions,
  type LineSplitterStats,
} from './line-splitter-core';
export { isLineBatch, isLineUnit, type LineBatch, type LineTerminator, type LineUnit } from './line-unit';
