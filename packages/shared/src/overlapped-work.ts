/**
 * A Transform's work on a chunk, run just after the chunk is accepted rather than before: the stream
 * machinery then asks the source for its next chunk first, and a file stream reads it on libuv's
 * thread pool, on another core, while this chunk is worked on. Output and its order are unchanged.
 *
 * At most one chunk waits, and only while the stage's readable side is below its high-water mark: a
 * chunk that comes while output backs up is worked on at once, before its callback, so that the Transform
 * holds the writer back as it would without the overlap (its callback waits only when its own `_transform`
 * pushed). The next chunk, {@link OverlappedWork.settle} or {@link OverlappedWork.discard} settles a
 * waiting chunk first.
 *
 * The work pushes, and a listener of those pushes may write to the stage or end it. Without the overlap
 * the stream would hold that write or end until the chunk's callback; here the callback has come, so
 * they wait for the work instead: a chunk written from inside the work is worked on right after it, its
 * callback held until then, and a settle asked for then runs after both.
 */
export class OverlappedWork {
  readonly #work: (chunk: Buffer) => void;
  readonly #fail: (error: Error) => void;
  #waiting: Buffer | null = null;
  #working = false;
  /** What listeners asked for while the work ran, in order. */
  #afterWork: (() => void)[] = [];
  readonly #runWaiting = (): void => {
    try {
      this.#finishWaiting();
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
    if (this.#working) {
      this.#afterWork.push(() => this.#workNow(chunk, callback));
      return;
    }
    if (readableFull) {
      this.#workNow(chunk, callback);
      return;
    }
    try {
      this.#finishWaiting();
    } catch (error) {
      callback(asError(error));
      return;
    }
    this.#waiting = chunk;
    queueMicrotask(this.#runWaiting);
    callback();
  }

  /** Works on the waiting chunk, then calls `then` (from `_flush`), with what the work threw, if anything. */
  settle(then: (error: Error | null) => void): void {
    if (this.#working) {
      this.#afterWork.push(() => this.settle(then));
      return;
    }
    try {
      this.#finishWaiting();
    } catch (error) {
      then(asError(error));
      return;
    }
    then(null);
  }

  /** Bytes taken but not worked on yet. */
  get waitingBytes(): number {
    return this.#waiting?.length ?? 0;
  }

  /** Drops the waiting chunk and whatever listeners asked for: the stage is destroyed. */
  discard(): void {
    this.#waiting = null;
    this.#afterWork = [];
  }

  #workNow(chunk: Buffer, callback: (error?: Error | null) => void): void {
    try {
      this.#finishWaiting();
      this.#run(chunk);
    } catch (error) {
      callback(asError(error));
      return;
    }
    callback();
  }

  #finishWaiting(): void {
    const chunk = this.#waiting;
    if (chunk === null) return;
    this.#waiting = null;
    this.#run(chunk);
  }

  #run(chunk: Buffer): void {
    this.#working = true;
    try {
      this.#work(chunk);
    } finally {
      this.#working = false;
    }
    const asked = this.#afterWork;
    this.#afterWork = [];
    for (const next of asked) next();
  }
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
