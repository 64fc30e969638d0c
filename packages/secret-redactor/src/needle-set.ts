import type { Needle } from './options';

/** The least length of a needle a {@link NeedleSet} takes: its window, the most it skips at once plus 2. */
export const NEEDLE_SET_MIN_BYTES = 8;
const GRAM_BITS = 15;

/** The slot of the 3 bytes before and at `at` in the shift table. */
const gramAt = (bytes: Uint8Array, at: number): number =>
  Math.imul(
    ((bytes[at - 2] as number) << 16) | ((bytes[at - 1] as number) << 8) | (bytes[at] as number),
    0x9e3779b1,
  ) >>>
  (32 - GRAM_BITS);

/** The first 4 bytes of a needle, or of the bytes at `at`, as one int: the key of the needles to compare. */
const keyAt = (bytes: Uint8Array, at: number): number =>
  ((bytes[at] as number) << 24) |
  ((bytes[at + 1] as number) << 16) |
  ((bytes[at + 2] as number) << 8) |
  (bytes[at + 3] as number);

/**
 * Literals of at least 8 bytes (a command's secrets in all their forms: a 40-byte value gives some 35)
 * found in one pass whatever their number, skipping as Wu–Manber's search does: the 3 bytes at the end of a
 * window of 8 that end no needle's first 8 bytes move it past them, so clean text is read at one place in
 * about 6. A native search per needle costs 0.1–0.75 ms per 1.4 MB each (a short one the most).
 */
export class NeedleSet {
  /** How far the window may move when these 3 bytes end it: 0 when they end a needle's first 8 bytes. */
  readonly #shift = new Uint8Array(1 << GRAM_BITS).fill(NEEDLE_SET_MIN_BYTES - 2);
  readonly #byKey = new Map<number, Needle[]>();

  /** @param needles each of at least {@link NEEDLE_SET_MIN_BYTES} Latin-1 characters. */
  constructor(needles: readonly Needle[]) {
    const shift = this.#shift;
    for (const needle of needles) {
      const bytes = Uint8Array.from(needle.text, (char) => char.charCodeAt(0));
      for (let at = 2; at < NEEDLE_SET_MIN_BYTES; at++) {
        const slot = gramAt(bytes, at);
        shift[slot] = Math.min(shift[slot] as number, NEEDLE_SET_MIN_BYTES - 1 - at);
      }
      const key = keyAt(bytes, 0);
      this.#byKey.set(key, [...(this.#byKey.get(key) ?? []), needle]);
    }
  }

  /** Whether the set holds no needle. */
  get empty(): boolean {
    return this.#byKey.size === 0;
  }

  /**
   * Calls `found` for each needle that starts in `[from, to)` of `bytes` (its Latin-1 `text`) and fits in
   * it. Returns where the next start to look at is (`to` or past it: no needle starts before it).
   */
  scan(
    bytes: Uint8Array,
    text: string,
    from: number,
    to: number,
    found: (needle: Needle, at: number) => void,
  ): number {
    const shift = this.#shift;
    const stop = Math.min(to, bytes.length - NEEDLE_SET_MIN_BYTES + 1);
    let start = Math.max(from, 0);
    while (start < stop) {
      const move = shift[gramAt(bytes, start + NEEDLE_SET_MIN_BYTES - 1)] as number;
      if (move !== 0) {
        start += move;
        continue;
      }
      const needles = this.#byKey.get(keyAt(bytes, start));
      if (needles !== undefined)
        for (const needle of needles) if (text.startsWith(needle.text, start)) found(needle, start);
      start++;
    }
    return start;
  }
}
