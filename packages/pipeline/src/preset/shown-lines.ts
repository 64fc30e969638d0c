import type { ByteOps } from '@pipeguard/shared/core';

const LF = 0x0a;
const EMPTY = new Uint8Array(0);

/**
 * Leaves out, at the start of a part of a checkpointed chain, the complete lines the last part showed
 * unsettled and that still stand as they were (the rows of a screen nothing redrew, a held line that
 * did not change): a reader has them already. At the first byte that differs, the rest goes on, from
 * the start of the line it is in.
 */
export class ShownLines {
  readonly #ops: ByteOps;
  #shown: Uint8Array = EMPTY;
  #matched = 0;
  #active = false;
  /** Bytes left out in this part: complete lines of what was shown. */
  skipped = 0;

  constructor(ops: ByteOps) {
    this.#ops = ops;
  }

  /** Starts a part after one that showed `shown` unsettled (empty: nothing to leave out). */
  start(shown: Uint8Array): void {
    this.#shown = shown;
    this.#matched = 0;
    this.#active = shown.length > 0;
    this.skipped = 0;
  }

  /** Passes `bytes` on to `write`, less what matches the shown lines while they still match. */
  write(bytes: Uint8Array, write: (bytes: Uint8Array) => void): void {
    if (!this.#active) {
      write(bytes);
      return;
    }
    const shown = this.#shown;
    const from = this.#matched;
    const length = Math.min(bytes.length, shown.length - from);
    let same = 0;
    if (this.#ops.equals(bytes.subarray(0, length), shown.subarray(from, from + length))) same = length;
    else while (bytes[same] === shown[from + same]) same++;
    this.#matched += same;
    if (same === bytes.length) return;
    this.#stop(write);
    write(bytes.subarray(same));
  }

  /** Ends the part: what matched of a line not complete goes on (the reader is told where it stands). */
  end(write: (bytes: Uint8Array) => void): void {
    if (this.#active) this.#stop(write);
  }

  #stop(write: (bytes: Uint8Array) => void): void {
    this.#active = false;
    const matched = this.#matched;
    const lineStart = matched === 0 ? 0 : this.#ops.lastIndexOf(this.#shown, LF, matched - 1) + 1;
    this.skipped = lineStart;
    if (matched > lineStart) write(this.#shown.subarray(lineStart, matched));
    this.#shown = EMPTY;
  }
}
