// The runtime-free core of @pipeguard/bounded-sink: what any shell drives, and what a capture over any
// runtime's streams needs to build the same result as pipeline() (spilling to a file stays in Node).
export { BoundedSinkCore, type BoundedSinkCoreOptions, type BoundedSinkStats } from './bounded-sink-core';
export { CUT_AT_MODES, type CutAt } from './cut-points';
export { BoundedSinkError } from './errors';
export { formatExcerptAddress, formatExcerpts, type MatchExcerpt } from './excerpt';
export { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from './keep-mode';
export { formatTruncationMarker } from './marker';
export { DEFAULT_MATCH_PATTERNS, type KeepMatches, type MatchPattern } from './match-patterns';
export { SettledHead } from './settled-head';
export { BOUNDED_SINK_OPTIONS, type BoundedSinkOptions } from './sink-options';
export { type BoundedSinkResult, joinAroundMarker } from './sink-result';
