/** Stable codes of {@link FallbackDecoderError}. */
export type FallbackDecoderErrorCode = 'ERR_FALLBACK_DECODER_INVALID_CHUNK';

/** A runtime failure of `FallbackDecoder`, delivered through the stream's `'error'` event. */
export class FallbackDecoderError extends Error {
  /** Stable, machine-readable cause. */
  readonly code: FallbackDecoderErrorCode;

  constructor(message: string, code: FallbackDecoderErrorCode) {
    super(message);
    this.name = 'FallbackDecoderError';
    this.code = code;
  }
}
