import type { ByteOps } from '@pipeguard/shared/core';

/**
 * Where one byte value next occurs in a write's input, remembered: text is written in many short runs, and
 * searching from each run to the next occurrence, which may lie kilobytes on, would make the work
 * quadratic. Forgotten at each write ({@link ByteFinder.forget}): a writer may refill the same buffer.
 */
export class ByteFinder {
  readonly #ops: ByteOps;
  readonly #byte: number;
  #source: Uint8Array | null = null;
  #from = 0;
  #found = 0;

  constructor(ops: ByteOps, byte: number) {
    this.#ops = ops;
    this.#byte = byte;
  }

  /** The first index at or after `from` holding the byte, else `source.length`. */
  next(source: Uint8Array, from: number): number {
    if (source === this.#source && from >= this.#from && from <= this.#found) return this.#found;
    const found = this.#ops.indexOf(source, this.#byte, from);
    this.#source = source;
    this.#from = from;
    this.#found = found === -1 ? source.length : found;
    return this.#found;
  }

  forget(): void {
    this.#source = null;
  }
}
