/**
 * Where one byte value next occurs in a buffer, remembered: a chunk's text is written in many short
 * runs, and searching from each run to the next occurrence, which may lie kilobytes on, would make the
 * work quadratic.
 */
export class ByteFinder {
  readonly #byte: number;
  #source: Uint8Array | null = null;
  #from = 0;
  #found = 0;

  constructor(byte: number) {
    this.#byte = byte;
  }

  /** The first index at or after `from` holding the byte, else `source.length`. */
  next(source: Buffer, from: number): number {
    if (source === this.#source && from >= this.#from && from <= this.#found) return this.#found;
    const found = source.indexOf(this.#byte, from);
    this.#source = source;
    this.#from = from;
    this.#found = found === -1 ? source.length : found;
    return this.#found;
  }
}
