import type { PassThrough, Readable } from 'readable-stream';

/**
 * Stands between a child's pipe and a pipeline so the pipeline can be finished on demand: when the
 * pipe is held open by a descendant after the child exited, `detach()` ends the pipeline with what
 * arrived and destroys the read end, so the writer gets EPIPE and stops.
 */
export class StreamTap {
  readonly output: PassThrough;
  readonly #source: NodeJS.ReadableStream | null;
  #closed: boolean;

  /** Pipes `source` (a child's pipe, or `null` when it has none) into `output`, the pipeline's input. */
  constructor(source: NodeJS.ReadableStream | null, output: PassThrough, onData?: (chunk: Buffer) => void) {
    this.output = output;
    this.#source = source;
    this.#closed = source === null;
    if (source === null) {
      this.output.end();
      return;
    }
    source.on('error', (error: Error) => this.output.destroy(error));
    source.once('close', () => {
      this.#closed = true;
    });
    if (onData) source.on('data', onData);
    source.pipe(this.output);
  }

  /** Whether the source pipe has closed by itself. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Ends the output with what has arrived and closes the read end of the pipe. */
  detach(): void {
    if (this.#source === null) return;
    this.#source.unpipe(this.output);
    if (!this.output.writableEnded) this.output.end();
    (this.#source as Readable).destroy();
  }
}
