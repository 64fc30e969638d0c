/**
 * The bytes of a unit still waiting for its end, kept as the pieces they arrived in so that they
 * are joined once, when the unit is emitted, instead of on every chunk.
 *
 * Positions passed to its methods are in the *window*: the pending bytes followed by the current
 * chunk, so position 0 is the first pending byte.
 */
export class PendingBytes {
  #pieces: Buffer[] = [];
  #length = 0;

  /** How many bytes are pending. */
  get length(): number {
    return this.#length;
  }

  /** Bytes `[start, end)` of the window; zero-copy when the range lies in one piece or in the chunk. */
  slice(chunk: Buffer, start: number, end: number): Buffer {
    const pending = this.#length;
    if (start >= pending) return chunk.subarray(start - pending, end - pending);
    let pieceStart = 0;
    let first = 0;
    for (; first < this.#pieces.length; first++) {
      const piece = this.#pieces[first] as Buffer;
      if (start < pieceStart + piece.length) {
        if (end <= pieceStart + piece.length) return piece.subarray(start - pieceStart, end - pieceStart);
        break;
      }
      pieceStart += piece.length;
    }
    const pieces = this.#pieces.slice(first);
    pieces.push(chunk.subarray(0, Math.max(0, end - pending)));
    return Buffer.concat(pieces).subarray(start - pieceStart, end - pieceStart);
  }

  /** Keeps the window from `start` on as the new pending bytes. */
  keepFrom(chunk: Buffer, start: number): void {
    const pending = this.#length;
    let tail = chunk;
    if (start >= pending) {
      this.#pieces = [];
      tail = chunk.subarray(start - pending);
    } else if (start > 0) {
      // Only after a cut that backed off into the pending bytes: at most once per unit.
      let skip = start;
      while (skip >= (this.#pieces[0] as Buffer).length) skip -= (this.#pieces.shift() as Buffer).length;
      this.#pieces[0] = (this.#pieces[0] as Buffer).subarray(skip);
    }
    if (tail.length > 0) this.#pieces.push(tail);
    this.#length = pending + chunk.length - start;
  }
}
