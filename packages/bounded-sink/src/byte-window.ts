/**
 * The last `limit` bytes of everything appended, held as the chunks they arrived in: at most
 * `limit` bytes plus the unread part of the oldest chunk, never a copy of the whole stream.
 */
export class ByteWindow {
  readonly #limit: number;
  readonly #onEvict: ((chunk: Buffer) => void) | undefined;
  readonly #chunks: Buffer[] = [];
  #length = 0;
  #lastEvictedByte: number | undefined;

  /** `onEvict` sees every chunk that leaves the window whole, in order (for matching the omitted bytes). */
  constructor(limit: number, onEvict?: (chunk: Buffer) => void) {
    this.#limit = limit;
    this.#onEvict = onEvict;
  }

  /** Bytes held right now, including the part of the oldest chunk that is already out of the window. */
  get heldBytes(): number {
    return this.#length;
  }

  /** The last byte before the window, when it is still known (`undefined` before any left it). */
  get byteBefore(): number | undefined {
    const excess = this.#length - this.#limit;
    return excess > 0 ? (this.#chunks[0] as Buffer)[excess - 1] : this.#lastEvictedByte;
  }

  append(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.#limit === 0) {
      this.#evict(chunk);
      return;
    }
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    while (this.#length - (this.#chunks[0] as Buffer).length >= this.#limit) {
      const oldest = this.#chunks.shift() as Buffer;
      this.#length -= oldest.length;
      this.#evict(oldest);
    }
  }

  /** The part of the oldest chunk already out of the window (empty when none). */
  dropped(): Buffer {
    const excess = this.#length - this.#limit;
    return excess > 0 ? (this.#chunks[0] as Buffer).subarray(0, excess) : Buffer.alloc(0);
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

  #evict(chunk: Buffer): void {
    this.#lastEvictedByte = chunk[chunk.length - 1];
    this.#onEvict?.(chunk);
  }
}
