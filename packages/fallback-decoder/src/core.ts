// The runtime-free core of @pipeguard/fallback-decoder: what any shell (Node, WHATWG streams) drives,
// with the codec for the legacy encodings injected (iconv-lite in Node, TextDecoder where it has them).
export { decodeRejectedBytes, type RejectedPath, type RejectedUnitDecoding } from './decode-rejected';
export { FallbackDecoderError, type FallbackDecoderErrorCode } from './errors';
export {
  type DecoderInput,
  FallbackDecoderCore,
  type FallbackDecoderCoreOptions,
  type FallbackDecoderStats,
} from './fallback-decoder-core';
export { type FallbackList, resolveFallbackList } from './fallback-list';
export type { LegacyCodec } from './legacy-codec';
export { WINDOWS_ANSI_CODEPAGES } from './windows-codepages';
