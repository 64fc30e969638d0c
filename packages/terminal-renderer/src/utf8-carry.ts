import { findUtf8BoundaryBefore, isUtf8Continuation, utf8SequenceLength } from '@pipeguard/shared/core';
import { copyOf } from './bytes';

/**
 * The first bytes of a UTF-8 character cut by the end of a write, copied (the writer may reuse its buffer),
 * until the next write completes it: a character is printed whole or not at all.
 */
export class Utf8Carry {
  #bytes: Uint8Array | null = null;
  /** The input offset of the carried bytes' first one. */
  #inputOffset = 0;

  get pending(): boolean {
    return this.#bytes !== null;
  }

  /**
   * Where text that runs to the write's end `bytes.length` from `start` stops short of a cut character
   * (copied here, beginning at input offset `base` plus its index).
   */
  cut(bytes: Uint8Array, start: number, base: number): number {
    const end = bytes.length;
    const stop = Math.max(start, findUtf8BoundaryBefore(bytes, end));
    if (stop < end) {
      this.#bytes = copyOf(bytes, stop, end);
      this.#inputOffset = base + stop;
    }
    return stop;
  }

  /**
   * Completes the carried character with the write's first continuation bytes and hands it to `text`
   * (with its input offset), unless the write ends before it is complete; returns where the write goes on.
   */
  resume(bytes: Uint8Array, text: (source: Uint8Array, inputOffset: number) => void): number {
    const carry = this.#bytes as Uint8Array;
    const wanted = utf8SequenceLength(carry[0] as number) - carry.length;
    let taken = 0;
    while (taken < wanted && taken < bytes.length && isUtf8Continuation(bytes[taken] as number)) taken++;
    const joined = new Uint8Array(carry.length + taken);
    joined.set(carry);
    joined.set(bytes.subarray(0, taken), carry.length);
    if (taken < wanted && taken === bytes.length) {
      this.#bytes = joined;
      return taken;
    }
    this.#bytes = null;
    text(joined, this.#inputOffset);
    return taken;
  }

  /** At the end of the input: the carried bytes, never completed, go to `text` as they are. */
  flush(text: (source: Uint8Array, inputOffset: number) => void): void {
    const carry = this.#bytes;
    if (carry === null) return;
    this.#bytes = null;
    text(carry, this.#inputOffset);
  }
}
