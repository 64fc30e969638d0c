const TAB = 0x09;
const LF = 0x0a;
const SPACE = 0x20;
const DIGIT_ZERO = 0x30;
const NUMBER_WIDTH = 6;
const FIRST_BLOCK_BYTES = 64 * 1024;
const MAX_BLOCK_BYTES = 4 * 1024 * 1024;

/**
 * Collects lines numbered as `cat -n` does (`     1\t…`) as raw bytes in one reused block, decoded
 * a block at a time, so no string is made per line. Decoding spliced bytes equals decoding each piece
 * alone: every piece is followed by a byte that is no continuation byte (TAB, LF or a marker's first).
 */
export class NumberedLines {
  #text = '';
  #block = Buffer.allocUnsafe(FIRST_BLOCK_BYTES);
  #used = 0;
  #lines = 0;

  /** Lines added. */
  get length(): number {
    return this.#lines;
  }

  /** Adds line `line` with the content `bytes[start, end)` and a `suffix` (the clip marker), if any. */
  add(line: number, bytes: Buffer, start: number, end: number, suffix?: string): void {
    const tail = suffix === undefined ? undefined : Buffer.from(suffix);
    let digits = 1;
    for (let rest = line; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    const width = Math.max(NUMBER_WIDTH, digits);
    const block = this.#reserve(width + 2 + (end - start) + (tail?.length ?? 0));
    let at = this.#used;
    if (this.#lines > 0) block[at++] = LF;
    block.fill(SPACE, at, at + width - digits);
    at += width;
    for (let rest = line, index = at - 1; index >= at - digits; index--, rest = Math.floor(rest / 10)) {
      block[index] = DIGIT_ZERO + (rest % 10);
    }
    block[at++] = TAB;
    at += bytes.copy(block, at, start, end);
    if (tail) at += tail.copy(block, at);
    this.#used = at;
    this.#lines++;
  }

  /** The lines decoded as UTF-8, separated by LF. */
  toString(): string {
    return this.#text + this.#block.toString('utf8', 0, this.#used);
  }

  #reserve(size: number): Buffer {
    if (this.#used + size <= this.#block.length) return this.#block;
    // A block ends where a row ends and the next starts with LF, so blocks decode independently.
    this.#text += this.#block.toString('utf8', 0, this.#used);
    if (this.#block.length < MAX_BLOCK_BYTES || size > this.#block.length) {
      this.#block = Buffer.allocUnsafe(Math.max(Math.min(MAX_BLOCK_BYTES, this.#block.length * 2), size));
    }
    this.#used = 0;
    return this.#block;
  }
}
