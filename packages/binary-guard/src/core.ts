// The runtime-free core of @pipeguard/binary-guard: what any shell (Node, WHATWG streams) drives.
export { BinaryGuardCore, type BinaryGuardCoreOptions } from './binary-guard-core';
export { type BinaryGuardVerdict, CONTROL_SHARE_THRESHOLD } from './classify';
export { BINARY_GUARD_OPTIONS, type BinaryGuardOptions } from './options';
export { formatPlaceholder, formatSummary } from './placeholder';
export type { BinaryGuardSegment, BinaryGuardVerdictCounts } from './segment-log';
export type { BinaryGuardEncoding, BinaryGuardStats, BinaryGuardWithheldRun } from './stats';
export type { Utf16Encoding } from './utf16';
