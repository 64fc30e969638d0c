export { AbortError, PipelineError, type PipelineErrorCode } from '@pipeguard/pipeline/core';
export { acceptBytes } from './accept-bytes';
export { type Capture, type CaptureStreamOptions, captureStream } from './capture-stream';
export { canonicalEncoding } from './codepages/canonical-encoding';
export { type LegacyCodec, webLegacyCodec } from './codepages/legacy-codec';
export type { ChunkCore, StageStreamInit } from './stage-stream';
export { StageStream } from './stage-stream';
export { webByteOps } from './web-byte-ops';
