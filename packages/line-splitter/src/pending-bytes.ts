import { type ByteOps, concatBytes, copyBytes } from '@pipeguard/shared/core';

/** Bytes of the window joined into one array: `bytes[0]` is window position `start`. */
interface JoinedRange {
  start: number;
  bytes: Uint8Array;
}

/**
 * The bytes of a unit still waiting for its end, kept as copies of the pieces they arrived in (the
 * writer may reuse a chunk once its write returns), joined once, when the unit ends, instead of on every
 * chunk. A piece or join, once made, is never written again: units handed out may be views of it.
 *
 * Positions passed to its methods are in the *window*: the pending bytes followed by the current
 * chunk, so position 0 is the first pending byte.
 */
export class PendingBytes {
  readonly #ops: ByteOps;
  #pieces: Uint8Array[] = [];
  #length = 0;
  /**
   * The ranges joined for the current window. A forced cut joins its candidate bytes to check the
   * character boundary, then the unit it emits is a slice of the same bytes: reusing the join
   * copies them once instead of twice. Dropped by `keepFrom`, so no join outlives its chunk.
   */
  #joined: JoinedRange[] = [];

  constructor(ops: ByteOps) {
    this.#ops = ops;
  }

  /** How many bytes are pending. */
  get length(): number {
    return this.#length;
  }

  /**
   * Bytes `[start, end)` of the window; zero-copy when the range lies in one piece, in the chunk
   * or in a range already joined for this window.
   */
  slice(chunk: Uint8Array, start: number, end: number): Uint8Array {
    const pending = this.#length;
    if (start >= pending) return chunk.subarray(start - pending, end - pending);
    for (const joined of this.#joined) {
      if (start >= joined.start && end <= joined.start + joined.bytes.length) {
        return joined.bytes.subarray(start - joined.start, end - joined.start);
      }
    }
    let pieceStart = 0;
    let first = 0;
    for (; first < this.#pieces.length; first++) {
      const piece = this.#pieces[first] as Uint8Array;
      if (start < pieceStart + piece.length) {
        if (end <= pieceStart + piece.length) return piece.subarray(start - pieceStart, end - pieceStart);
        break;
      }
      pieceStart += piece.length;
    }
    const pieces = this.#pieces.slice(first);
    pieces.push(chunk.subarray(0, Math.max(0, end - pending)));
    const bytes = concatBytes(this.#ops, pieces);
    this.#joined.push({ start: pieceStart, bytes });
    return bytes.subarray(start - pieceStart, end - pieceStart);
  }

  /** Keeps the window from `start` on as the new pending bytes: what comes from `chunk`, as a copy. */
  keepFrom(chunk: Uint8Array, start: number): void {
    // Window positions shift here, and the emitted units alone should keep a join alive.
    this.#joined = [];
    const pending = this.#length;
    let tail = chunk;
    if (start >= pending) {
      this.#pieces = [];
      tail = chunk.subarray(start - pending);
    } else if (start > 0) {
      // Only after a cut that backed off into the pending bytes: at most once per unit.
      let skip = start;
      while (skip >= (this.#pieces[0] as Uint8Array).length)
        skip -= (this.#pieces.shift() as Uint8Array).length;
      this.#pieces[0] = (this.#pieces[0] as Uint8Array).subarray(skip);
    }
    if (tail.length > 0) this.#pieces.push(copyBytes(this.#ops, tail));
    this.#length = pending + chunk.length - start;
  }
}
