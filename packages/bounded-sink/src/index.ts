export type { BoundedSinkOptions, BoundedSinkStats } from './bounded-sink';
export { BoundedSink } from './bounded-sink';
export { BoundedSinkError } from './errors';
export { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from './keep-mode';
export { formatTruncationMarker } from './marker';
export type { BoundedSinkResult } from './sink-result';
export { joinAroundMarker } from './sink-result';
