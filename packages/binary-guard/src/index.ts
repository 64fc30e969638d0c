export { BinaryGuard } from './binary-guard';
export type { BinaryGuardVerdict } from './classify';
export type { BinaryGuardOptions } from './options';
export type { BinaryGuardSegment, BinaryGuardVerdictCounts } from './segment-log';
export type { BinaryGuardEncoding, BinaryGuardStats, BinaryGuardWithheldRun } from './stats';
export type { Utf16Encoding } from './utf16';
