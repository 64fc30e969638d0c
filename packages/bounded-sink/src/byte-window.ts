/**
 * The last `limit` bytes of everything appended, held as the chunks they arrived in: at most
 * `limit` bytes plus the unread part of the oldest chunk, never a copy of the whole stream.
 */
export class ByteWindow {
  readonly #limit: number;
  readonly #chunks: Buffer[] = [];
  #length = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Bytes held right now, including the part of the oldest chunk that is already out of the window. */
  get heldBytes(): number {
    return this.#length;
  }

  append(chunk: Buffer): void {
    if (this.#limit === 0 || chunk.length === 0) return;
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    while (this.#length - (this.#chunks[0] as Buffer).length >= this.#limit) {
      this.#length -= (this.#chunks.shift() as Buffer).length;
    }
  }

  /** The window's bytes, at most `limit` of them, as views of the chunks they arrived in (not copies). */
  views(): Buffer[] {
    const excess = this.#length - this.#limit;
    if (excess <= 0) return [...this.#chunks];
    // The oldest chunk's out-of-window part is cut off, so a join neither copies nor keeps it.
    const [oldest, ...newer] = this.#chunks as [Buffer, ...Buffer[]];
    return [oldest.subarray(excess), ...newer];
  }

  /** Lets go of every chunk, once their bytes are copied out for good. */
  clear(): void {
    this.#chunks.length = 0;
    this.#length = 0;
  }
}
