/**
 * A Transform's work on a chunk, run just after the chunk is accepted rather than before: the stream
 * machinery then asks the source for its next chunk first, and a file stream reads it on libuv's
 * thread pool, on another core, while this chunk is worked on. Output order is unchanged.
 *
 * At most one chunk waits: the next chunk first finishes it, within `_transform`, so that its output
 * counts towards the stage's backpressure there, and memory grows by one chunk at most.
 */
export class OverlappedWork {
  readonly #work: (chunk: Buffer) => void;
  readonly #fail: (error: Error) => void;
  #waiting: Buffer | null = null;
  readonly #runWaiting = (): void => {
    try {
      this.finish();
    } catch (error) {
      this.#fail(asError(error));
    }
  };

  /**
   * @param work - What the stage does with a chunk; it pushes its own output.
   * @param fail - Called with what `work` threw on a chunk whose callback has already been called
   * (the stage destroys itself with it).
   */
  constructor(work: (chunk: Buffer) => void, fail: (error: Error) => void) {
    this.#work = work;
    this.#fail = fail;
  }

  /** Takes a chunk from `_transform`: calls back at once, and works on the chunk in a microtask. */
  accept(chunk: Buffer, callback: (error?: Error | null) => void): void {
    try {
      this.finish();
    } catch (error) {
      callback(asError(error));
      return;
    }
    this.#waiting = chunk;
    queueMicrotask(this.#runWaiting);
    callback();
  }

  /** Works on the waiting chunk now, if any: before `_flush`, and before the next chunk. */
  finish(): void {
    const chunk = this.#waiting;
    if (chunk === null) return;
    this.#waiting = null;
    this.#work(chunk);
  }

  /** Drops the waiting chunk: the stage is destroyed. */
  discard(): void {
    this.#waiting = null;
  }
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
