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
