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

/** Codes of {@link FileWindowError}. */
export type FileWindowErrorCode = 'ERR_FILE_WINDOW_NOT_A_FILE';

/** A read was asked of something that is not a regular file (a directory, a FIFO, a device…). */
export class FileWindowError extends Error {
  override name = 'FileWindowError';
  /** Stable code to branch on. */
  readonly code: FileWindowErrorCode;
  /** The path (or file descriptor) that was asked for. */
  readonly path: string;

  /** Creates the error with its `code`, the path and a message that says what the path is. */
  constructor(code: FileWindowErrorCode, path: string, message: string) {
    super(message);
    this.code = code;
    this.path = path;
  }
}
