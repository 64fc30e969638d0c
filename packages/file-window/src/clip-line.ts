// Line clipping lives with LineClipper in @pipeguard/line-splitter; readLines clips lines the same way.
export {
  clipLine,
  DEFAULT_MAX_LINE_BYTES,
  formatClipMarker,
  type LineClip,
} from '@pipeguard/line-splitter/core';
