// The runtime-free half of @pipeguard/pipeline (no node:*, no Buffer, no stream class): the preset's
// options, its chain of cores and its capture, for a shell over any runtime's streams (@pipeguard/web).
export { AbortError } from './capture/abort-error';
export * from './options';
export {
  AGENT_PROFILE,
  type AgentProfileSettings,
  PIPELINE_PROFILES,
  type PipelineProfile,
} from './preset/agent-profile';
export {
  CaptureChain,
  type CaptureChainTools,
  type CaptureCores,
  type ChainCheckpoint,
} from './preset/capture-chain';
export {
  type CaptureParts,
  type CaptureResult,
  composeCapture,
  type SpillFacts,
} from './preset/capture-result';
export {
  createDecodeCores,
  type DecodeCores,
  type DecodedText,
  type DecodeLimit,
  type DecodeSettings,
  type DecodeTools,
  decodeKeptBytes,
} from './preset/decode-kept';
export { PipelineError, type PipelineErrorCode } from './preset/errors';
export { excerptDecoder } from './preset/excerpt-decoder';
export {
  type ByteSize,
  type PresetOptions,
  RENDER_MODES,
  type RenderMode,
  type ResolvedPresetOptions,
  resolvePresetOptions,
} from './preset/preset-options';
export { composeSourceOffsets, HeadLineOffsets, type OffsetMap } from './preset/source-offset-chain';
export { Utf16TranscoderCore, type Utf16TranscoderStats } from './preset/utf16-transcoder-core';
