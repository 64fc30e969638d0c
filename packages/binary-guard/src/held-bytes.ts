import { type ByteOps, concatBytes, copyBytes, sharesMemory } from '@pipeguard/shared/core';

const EMPTY = new Uint8Array(0);

/**
 * Bytes the guard received and has neither passed nor withheld yet, as the pieces they came in (views,
 * joined only when a window needs them whole). `own` copies the pieces of a chunk that is about to go
 * back to its writer.
 */
export class HeldBytes {
  readonly #ops: ByteOps;
  #pieces: Uint8Array[] = [];
  #length = 0;
  /** Pieces before this index are the guard's own; later ones came with the write under way. */
  #owned = 0;

  constructor(ops: ByteOps) {
    this.#ops = ops;
  }

  /** How many bytes are held. */
  get length(): number {
    return this.#length;
  }

  /** Holds `bytes` after the others. */
  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#pieces.push(bytes);
    this.#length += bytes.length;
  }

  /** Holds `bytes` alone (the same bytes as those held, or a fresh start). */
  replace(bytes: Uint8Array): void {
    this.#pieces = bytes.length === 0 ? [] : [bytes];
    this.#length = bytes.length;
    this.#owned = 0;
  }

  /** Lets go of the first `count` bytes, handing them to `pass` piece by piece, the last one cut where it must. */
  shift(count: number, pass: (bytes: Uint8Array) => void): void {
    let left = Math.min(count, this.#length);
    while (left > 0) {
      const first = this.#pieces[0] as Uint8Array;
      const part = left < first.length ? first.subarray(0, left) : first;
      if (part === first) {
        this.#pieces.shift();
        this.#owned = Math.max(0, this.#owned - 1);
      } else this.#pieces[0] = first.subarray(left);
      this.#length -= part.length;
      left -= part.length;
      pass(part);
    }
  }

  /** Lets go of every held byte, as one array (a view when they are one piece, else a join of their own). */
  takeAll(): Uint8Array {
    const pieces = this.#pieces;
    const bytes =
      pieces.length === 0
        ? EMPTY
        : pieces.length === 1
          ? (pieces[0] as Uint8Array)
          : concatBytes(this.#ops, pieces, this.#length);
    this.#pieces = [];
    this.#length = 0;
    this.#owned = 0;
    return bytes;
  }

  /**
   * Copies the pieces that lie in `chunk`'s memory: the writer may reuse it once the write returns. Only
   * the pieces held since the last call can, so a window built from many small chunks costs no more.
   */
  own(chunk: Uint8Array): void {
    for (let index = this.#owned; index < this.#pieces.length; index++) {
      const piece = this.#pieces[index] as Uint8Array;
      if (sharesMemory(piece, chunk)) this.#pieces[index] = copyBytes(this.#ops, piece);
    }
    this.#owned = this.#pieces.length;
  }
}
