import { copyBytes } from './copy-bytes';

const SCRATCH_BYTES = 16 * 1024;
/** A piece of the input this long is pushed as it is: a push costs about as much as copying this many bytes. */
const STABLE_VIEW_BYTES = 1024;

/**
 * Gathers a chunk's output: small pieces are copied together so that a chunk of short lines becomes one
 * push, and a large piece, or a piece of the input of 1 KiB or more, is pushed as it is, uncopied (the
 * input is not modified after it is written, as with every stage).
 */
export class OutputQueue {
  readonly #push: (piece: Buffer) => void;
  #scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  #start = 0;
  #used = 0;

  constructor(push: (piece: Buffer) => void) {
    this.#push = push;
  }

  /** Adds `source[start, end)`; `stable` says the source will not change, so a large piece need not be copied. */
  add(source: Buffer, start: number, end: number, stable: boolean): void {
    const length = end - start;
    if (length === 0) return;
    if (length > SCRATCH_BYTES / 4 || (stable && length >= STABLE_VIEW_BYTES)) {
      this.flush();
      const piece = source.subarray(start, end);
      this.#push(stable ? piece : Buffer.from(piece));
      return;
    }
    if (this.#used + length > this.#scratch.length) {
      this.flush();
      this.#scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
      this.#start = 0;
      this.#used = 0;
    }
    copyBytes(source, start, end, this.#scratch, this.#used);
    this.#used += length;
  }

  /** Pushes what has gathered since the last flush. */
  flush(): void {
    if (this.#used === this.#start) return;
    this.#push(this.#scratch.subarray(this.#start, this.#used));
    this.#start = this.#used;
  }
}
