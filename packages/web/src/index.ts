export { AbortError, PipelineError, type PipelineErrorCode } from '@pipeguard/pipeline/core';
export {
  type BinaryGuardEncoding,
  type BinaryGuardOptions,
  type BinaryGuardSegment,
  type BinaryGuardStats,
  BinaryGuardStream,
  type BinaryGuardVerdictCounts,
  type BinaryGuardWithheldRun,
} from './binary-guard-stream';
export {
  type ByteCounterProgress,
  type ByteCounterStats,
  ByteCounterStream,
  type ByteCounterStreamOptions,
} from './byte-counter-stream';
export { type CaptureStreamOptions, type CaptureStreamResult, captureStream } from './capture-stream';
export { canonicalEncoding } from './codepages/canonical-encoding';
export { type LegacyCodec, type WebLegacyCodec, webLegacyCodec } from './codepages/legacy-codec';
export {
  type DecoderInput,
  FallbackDecoderError,
  type FallbackDecoderErrorCode,
  type FallbackDecoderStats,
  FallbackDecoderStream,
  type FallbackDecoderStreamOptions,
} from './fallback-decoder-stream';
export {
  type LineBatch,
  type LineSplitterOptions,
  type LineSplitterStats,
  LineSplitterStream,
  type LineTerminator,
  type LineUnit,
} from './line-splitter-stream';
export {
  type RepeatFolderStats,
  RepeatFolderStream,
  type RepeatFolderStreamOptions,
} from './repeat-folder-stream';
export {
  type RedactOptions,
  type RedactPattern,
  type SecretRedactorStats,
  SecretRedactorStream,
} from './secret-redactor-stream';
export type { ChunkCore, StageStreamInit } from './stage-stream';
export { OVERLAP_FROM_BYTES, StageStream } from './stage-stream';
export {
  type TerminalRendererOptions,
  type TerminalRendererStats,
  TerminalRendererStream,
} from './terminal-renderer-stream';
export { webByteOps } from './web-byte-ops';
