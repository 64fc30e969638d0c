/** Codes of {@link LineClipperError}. */
export type LineClipperErrorCode = 'ERR_LINE_CLIPPER_INVALID_CHUNK';

/** A chunk written to a `LineClipper` that is neither a line unit nor a line batch. */
export class LineClipperError extends Error {
  override name = 'LineClipperError';
  /** Stable code to branch on. */
  readonly code: LineClipperErrorCode;

  /** Creates the error with its `code` and a message that says what was received. */
  constructor(code: LineClipperErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
