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
    if (chunk.length === 0) return;
    // No window (a sink keeping only a head): every byte leaves at once, as written.
    if (this.#limit === 0) {
      this.#hand(chunk);
      return;
    }
    const staying = Math.min(chunk.length, this.#limit);
    this.#evict(Math.max(0, this.#length + staying - this.#limit));
    // A chunk longer than the window leaves at once, but for its last `limit` bytes.
    if (staying < chunk.length) this.#hand(chunk.subarray(0, chunk.length - staying));
    if (staying === 0) return;
    this.#reserve(this.#length + staying);
    const ring = this.#ring;
    const end = (this.#start + this.#length) % ring.length;
    const tail = chunk.subarray(chunk.length - staying);
    const first = Math.min(staying, ring.length - end);
    ring.set(tail.subarray(0, first), end);
    if (first < staying) ring.set(tail.subarray(first), 0);
    this.#length += staying;
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
    if (count === 0) return;
    const ring = this.#ring;
    const first = Math.min(count, ring.length - this.#start);
    this.#hand(ring.subarray(this.#start, this.#start + first));
    if (first < count) this.#hand(ring.subarray(0, count - first));
    this.#start = (this.#start + count) % ring.length;
    this.#length -= count;
  }

  #hand(bytes: Uint8Array): void {
    this.#lastEvictedByte = bytes[bytes.length - 1];
    this.#onEvict?.(bytes);
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
