import { allocBytes, type ByteOps } from '@pipeguard/shared/core';

const EMPTY = new Uint8Array(0);
/** The ring starts this small and doubles as bytes arrive, up to the window's limit. */
const INITIAL_BYTES = 64 * 1024;

/**
 * The last `limit` bytes of everything appended, copied into a ring of its own (the writer may reuse a
 * chunk once its write returns): never more than `limit` bytes, never a copy of the whole stream. Bytes
 * that leave the window are handed to `onEvict` first, in order, as views valid until the next append.
 */
export class ByteWindow {
  readonly #limit: number;
  readonly #ops: ByteOps;
  readonly #onEvict: ((bytes: Uint8Array) => void) | undefined;
  #ring: Uint8Array = EMPTY;
  /** Ring index of the oldest byte held. */
  #start = 0;
  #length = 0;
  #lastEvictedByte: number | undefined;

  /** `onEvict` sees every byte that leaves the window, in order (for matching the omitted bytes). */
  constructor(limit: number, ops: ByteOps, onEvict?: (bytes: Uint8Array) => void) {
    this.#limit = limit;
    this.#ops = ops;
    this.#onEvict = onEvict;
  }

  /** Most bytes the window holds (0: none, every byte leaves as it comes). */
  get limit(): number {
    return this.#limit;
  }

  /** Bytes held right now: at most `limit`. */
  get heldBytes(): number {
    return this.#length;
  }

  /** The last byte before the window, when one has left it. */
  get byteBefore(): number | undefined {
    return this.#lastEvictedByte;
  }

  /** Adds `chunk` at the window's end; what falls out of it goes to `onEvict`. */
  append(chunk: Uint8Array): void {
    const length = chunk.length;
    if (length === 0) return;
    // No window (a sink keeping only a head): every byte leaves at once, as written.
    if (this.#limit === 0) {
      this.#hand(chunk, 0, length);
      return;
    }
    const staying = Math.min(length, this.#limit);
    const excess = this.#length + staying - this.#limit;
    if (excess > 0) this.#evict(excess);
    // Only the chunk's last `limit` bytes can stay: the rest leaves at once and is never copied.
    if (staying < length) this.#hand(chunk, 0, length - staying);
    this.#copyIn(chunk, length - staying);
  }

  /**
   * Adds `chunks` at the window's end as one append: of the batch, only its last `limit` bytes are
   * copied; what a later chunk of it pushes out leaves straight from the chunk it came in.
   */
  appendAll(chunks: readonly Uint8Array[]): void {
    let total = 0;
    for (const chunk of chunks) total += chunk.length;
    if (total === 0) return;
    const staying = Math.min(total, this.#limit);
    const excess = this.#length + staying - this.#limit;
    if (excess > 0) this.#evict(excess);
    let leaving = total - staying;
    for (const chunk of chunks) {
      const gone = Math.min(leaving, chunk.length);
      if (gone > 0) this.#hand(chunk, 0, gone);
      leaving -= gone;
      if (gone < chunk.length) this.#copyIn(chunk, gone);
    }
  }

  /** The window's bytes, at most `limit` of them, as one or two views of the ring (not copies). */
  views(): Uint8Array[] {
    if (this.#length === 0) return [];
    const ring = this.#ring;
    const end = this.#start + this.#length;
    if (end <= ring.length) return [ring.subarray(this.#start, end)];
    return [ring.subarray(this.#start), ring.subarray(0, end - ring.length)];
  }

  /** Lets go of the ring, once its bytes are copied out for good. */
  clear(): void {
    this.#ring = EMPTY;
    this.#start = 0;
    this.#length = 0;
  }

  /** Hands the oldest `count` held bytes to `onEvict` and lets go of them. */
  #evict(count: number): void {
    const ring = this.#ring;
    const first = Math.min(count, ring.length - this.#start);
    this.#hand(ring, this.#start, this.#start + first);
    if (first < count) this.#hand(ring, 0, count - first);
    this.#start = (this.#start + count) % ring.length;
    this.#length -= count;
  }

  /** `bytes[from, to)` leaves the window: a view is made only for an `onEvict` to see. */
  #hand(bytes: Uint8Array, from: number, to: number): void {
    this.#lastEvictedByte = bytes[to - 1];
    if (this.#onEvict) this.#onEvict(from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to));
  }

  /** Copies `chunk[from, length)`, which fits the window's room, into the ring after its last byte. */
  #copyIn(chunk: Uint8Array, from: number): void {
    const count = chunk.length - from;
    this.#reserve(this.#length + count);
    const ring = this.#ring;
    const end = (this.#start + this.#length) % ring.length;
    const first = Math.min(count, ring.length - end);
    // A whole chunk needs no view (a view of a Buffer costs as much as a short copy).
    if (first === chunk.length) ring.set(chunk, end);
    else {
      ring.set(chunk.subarray(from, from + first), end);
      if (first < count) ring.set(chunk.subarray(from + first), 0);
    }
    this.#length += count;
  }

  /** Grows the ring (doubling, up to `limit`) so that it holds `needed` bytes, its bytes in order from 0. */
  #reserve(needed: number): void {
    if (needed <= this.#ring.length) return;
    let size = Math.max(this.#ring.length, Math.min(INITIAL_BYTES, this.#limit));
    while (size < needed) size = Math.min(this.#limit, size * 2);
    const ring = allocBytes(this.#ops, size);
    let at = 0;
    for (const view of this.views()) {
      ring.set(view, at);
      at += view.length;
    }
    this.#ring = ring;
    this.#start = 0;
  }
}
