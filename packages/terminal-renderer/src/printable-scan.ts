/**
 * Finds the end of printable ASCII (0x20–0x7E) in a write's bytes four at a time, through a 32-bit view of
 * the same memory made once per write: a frame's text is most of its bytes, and a byte at a time it is most
 * of the frame skipper's work. A word holds a byte outside the range when its flags (below) are not 0; then
 * its bytes are looked at one by one. Byte order does not matter: it only says whether a word has one.
 */
export class PrintableScan {
  #bytes: Uint8Array | null = null;
  #words: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  /** Index in `bytes` of the first byte of `#words[0]`. */
  #firstWordAt = 0;

  /** The first index at or after `at` (before `end`) whose byte is not printable ASCII, else `end`. */
  end(bytes: Uint8Array, at: number, end: number): number {
    if (end - at < 8) return byteEnd(bytes, at, end);
    if (bytes !== this.#bytes) this.#view(bytes);
    // Up to the first whole word, then word by word, then the bytes after the last whole word.
    const wordStart = this.#firstWordAt;
    let index = at > wordStart ? (at - wordStart + 3) >> 2 : 0;
    const head = wordStart + index * 4;
    const stop = byteEnd(bytes, at, Math.min(head, end));
    if (stop < head || head >= end) return Math.min(stop, end);
    const words = this.#words;
    const wordEnd = Math.min(words.length, (end - wordStart) >> 2);
    while (index < wordEnd) {
      const word = words[index] as number;
      // A byte ≥ 0x80, or < 0x20 (its subtraction borrows), or 0x7F (its increment carries) sets a flag.
      if (((word | (((word - 0x20202020) | (word + 0x01010101)) & ~word)) & 0x80808080) !== 0) break;
      index++;
    }
    return byteEnd(bytes, wordStart + index * 4, end);
  }

  /** Forgets the write's view (the writer may reuse its buffer). */
  forget(): void {
    this.#bytes = null;
  }

  #view(bytes: Uint8Array): void {
    const firstWord = Math.ceil(bytes.byteOffset / 4);
    const lastWord = Math.floor((bytes.byteOffset + bytes.length) / 4);
    this.#words = new Uint32Array(bytes.buffer, firstWord * 4, Math.max(0, lastWord - firstWord));
    this.#firstWordAt = firstWord * 4 - bytes.byteOffset;
    this.#bytes = bytes;
  }
}

function byteEnd(bytes: Uint8Array, at: number, end: number): number {
  while (at < end && ((bytes[at] as number) - 0x20) >>> 0 < 0x5f) at++;
  return at;
}
