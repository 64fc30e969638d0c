export { DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
export { FileWindowError, type FileWindowErrorCode } from './errors';
export type { FileInput } from './file-handle';
export {
  DEFAULT_WINDOW_BYTES,
  MAX_WINDOW_BYTES,
  type ReadBytesOptions,
  readBytesAsUtf8,
  type Utf8Window,
} from './read-bytes-as-utf8';
export { DEFAULT_MAX_LINES, type LinesPage, type ReadLinesOptions, readLines } from './read-lines';
