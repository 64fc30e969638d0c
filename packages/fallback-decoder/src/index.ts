export { decodeRejectedUnit, type RejectedPath } from './decode-unit';
export type { FallbackDecoderErrorCode } from './errors';
export { FallbackDecoderError } from './errors';
export type { FallbackDecoderOptions, FallbackDecoderStats } from './fallback-decoder';
export { FallbackDecoder } from './fallback-decoder';
export { type FallbackOption, resolveFallbackOption } from './fallback-option';
export type { HostEncodingInput } from './host-encoding';
export { resolveAutoFallback, resolveHostFallback, thisHost } from './host-encoding';
export { WINDOWS_ANSI_CODEPAGES } from './windows-codepages';
