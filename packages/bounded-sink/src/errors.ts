/** A runtime failure of a {@link BoundedSink}, with a stable `code`. */
export class BoundedSinkError extends Error {
  override readonly name = 'BoundedSinkError';
  readonly code: 'ERR_BOUNDED_SINK_CLOSED';

  constructor(code: 'ERR_BOUNDED_SINK_CLOSED', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
