/**
 * A Transform's work on a chunk, run just after the chunk is accepted rather than before: the stream
 * machinery then asks the source for its next chunk first, and a file stream reads it on libuv's
 * thread pool, on another core, while this chunk is worked on. Output order is unchanged.
 *
 * At most one chunk waits, and only while the stage's readable side is below its high-water mark: a
 * chunk that comes while output backs up is worked on at once, before its callback, so that the Transform
 * holds the writer back as it would without the overlap (its callback waits only when its own `_transform`
 * pushed). The next chunk, `finish()` or `discard()` settles a waiting chunk first.
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

  /**
   * Takes a chunk from `_transform`: calls back at once and works on it in a microtask, or, when
   * `readableFull` (the stage's `readableLength` is at its `readableHighWaterMark`), works on it now.
   */
  accept(chunk: Buffer, readableFull: boolean, callback: (error?: Error | null) => void): void {
    try {
      this.finish();
      if (readableFull) this.#work(chunk);
    } catch (error) {
      callback(asError(error));
      return;
    }
    if (!readableFull) {
      this.#waiting = chunk;
      queueMicrotask(this.#runWaiting);
    }
    callback();
  }

  /** Bytes taken but not worked on yet. */
  get waitingBytes(): number {
    return this.#waiting?.length ?? 0;
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
