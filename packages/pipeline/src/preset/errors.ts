/** Stable codes of {@link PipelineError}. */
export type PipelineErrorCode = 'ERR_PIPELINE_CAPTURE_TOO_LARGE';

/**
 * A capture cannot be handed back: with `maxBytes: null` (or above the limit) its text would
 * outgrow the longest string JavaScript can hold. Raised as soon as the kept bytes pass the limit.
 */
export class PipelineError extends Error {
  override readonly name = 'PipelineError';
  readonly code: PipelineErrorCode;
  /** The stream's label (`stdout`). */
  readonly label: string;
  /** The most a capture's text may hold, in bytes (and so in UTF-16 units). */
  readonly limitBytes: number;

  constructor(code: PipelineErrorCode, label: string, limitBytes: number) {
    super(
      `The ${label} capture is over ${limitBytes} bytes, more than one JavaScript string can hold: ` +
        'set maxBytes (for example 1048576) to keep part of it, and spill (a directory) to keep all of it in a file',
    );
    this.code = code;
    this.label = label;
    this.limitBytes = limitBytes;
  }
}
