export type { BoundedSinkOptions, BoundedSinkResult, BoundedSinkStats, MatchExcerpt } from './bounded-sink';
export { BoundedSink } from './bounded-sink';
export { CUT_AT_MODES, type CutAt } from './cut-points';
export { BoundedSinkError } from './errors';
export { formatExcerptAddress, formatExcerpts } from './excerpt';
export { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from './keep-mode';
export { formatTruncationMarker } from './marker';
export { DEFAULT_MATCH_PATTERNS, type KeepMatches, type MatchPattern } from './match-patterns';
export { joinAroundMarker } from './sink-result';
