export type { BoundedSinkOptions, BoundedSinkStats, KeepMode } from './bounded-sink';
export { BoundedSink } from './bounded-sink';
export { BoundedSinkError } from './errors';
export { formatTruncationMarker } from './marker';
export type { BoundedSinkResult } from './sink-result';
export { joinAroundMarker } from './sink-result';
