export { DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
export {
  FileWindowError,
  type FileWindowErrorCode,
  LineClipperError,
  type LineClipperErrorCode,
} from './errors';
export type { FileInput } from './file-handle';
export {
  type ClippedLineUnit,
  LineClipper,
  type LineClipperOptions,
  type LineClipperStats,
} from './line-clipper';
export {
  DEFAULT_WINDOW_BYTES,
  MAX_WINDOW_BYTES,
  type ReadBytesOptions,
  readBytesAsUtf8,
  type Utf8Window,
} from './read-bytes-as-utf8';
export { DEFAULT_MAX_LINES, type LinesPage, type ReadLinesOptions, readLines } from './read-lines';
