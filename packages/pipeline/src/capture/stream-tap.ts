import type { Transform } from 'readable-stream';
import type { ChildOutput } from './child-like';

/**
 * Reads a child's pipe into its pipeline's input and, with `all`, into the interleaved input too,
 * pausing the pipe while either input is over its high-water mark, so the slower of the two holds
 * the child back. `detach()` ends the inputs on demand (a descendant still holds the pipe after the
 * child exited, or the run failed) and destroys the read end, so the writer gets EPIPE and stops.
 */
export class StreamTap {
  readonly #source: ChildOutput | null;
  readonly #output: Transform;
  readonly #targets: readonly Transform[];
  readonly #onEnded: () => void;
  #closed: boolean;
  #ended = false;
  #waitingForDrain = 0;

  /**
   * Feeds `source` (or nothing, when the child has no such pipe) to `output` and `all`; `onEnded` is
   * called once, when the source ended or was detached and `output` was ended.
   */
  constructor(source: ChildOutput | null, output: Transform, all: Transform | null, onEnded: () => void) {
    this.#source = source;
    this.#output = output;
    this.#targets = all ? [output, all] : [output];
    this.#onEnded = onEnded;
    this.#closed = source === null;
    if (source === null) {
      this.#end();
      return;
    }
    source.on('error', this.#onError);
    source.on('data', this.#onData);
    source.once('end', this.#onEnd);
    source.once('close', this.#onClose);
  }

  /** Whether the source pipe has closed. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Ends the inputs with what has arrived and closes the read end of the pipe. */
  detach(): void {
    if (this.#source === null) return;
    this.#source.removeListener('data', this.#onData);
    for (const target of this.#targets) target.removeListener('drain', this.#onDrain);
    this.#end();
    this.#source.destroy();
  }

  readonly #onData = (chunk: Buffer): void => {
    for (const target of this.#targets) {
      if (target.write(chunk)) continue;
      this.#waitingForDrain++;
      target.once('drain', this.#onDrain);
    }
    if (this.#waitingForDrain > 0) this.#source?.pause();
  };

  readonly #onDrain = (): void => {
    if (--this.#waitingForDrain === 0 && !this.#ended) this.#source?.resume();
  };

  readonly #onEnd = (): void => this.#end();

  // A pipe destroyed without an end has nothing more to give either.
  readonly #onClose = (): void => {
    this.#closed = true;
    this.#end();
  };

  readonly #onError = (error: Error): void => {
    // After a detach the read end was destroyed on purpose: its errors are nobody's concern.
    if (!this.#ended) this.#output.destroy(error);
  };

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (!this.#output.writableEnded && !this.#output.destroyed) this.#output.end();
    this.#onEnded();
  }
}
