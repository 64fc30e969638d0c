import { copyWords } from '../byte-words';
import { copyBytes, copyOf } from '../bytes';

/**
 * The memory small pieces are gathered in: what is handed on is never written again, so a new one comes when
 * it is full. A new 16 KiB one every few dozen rows was a tenth of rendering tqdm's bar (its allocation).
 */
const ARENA_BYTES = 256 * 1024;
/** A piece longer than this is handed on by itself (as it is, or a copy when the input is not stable), not gathered with others. */
const GATHERED_PIECE_MAX_BYTES = 4 * 1024;
/** A piece of the input this long is handed on as it is: handing a piece on costs about as much as copying this many bytes. */
const STABLE_VIEW_BYTES = 1024;
const LF = new Uint8Array([0x0a]);
const CRLF = new Uint8Array([0x0d, 0x0a]);

/**
 * Gathers a write's output: small pieces are copied together so that a write of short lines becomes one
 * piece, and a large piece of the input (`stable`: valid until the write returns) is handed on as a view,
 * uncopied. What it hands on is a view of the input or memory it never writes again.
 */
export class OutputQueue {
  readonly #emit: (piece: Uint8Array) => void;
  #scratch = new Uint8Array(ARENA_BYTES);
  #scratchWords = new DataView(this.#scratch.buffer);
  #start = 0;
  #used = 0;

  constructor(emit: (piece: Uint8Array) => void) {
    this.#emit = emit;
  }

  /** Adds `source[start, end)`; `stable`: a view of the write's input, which need not be copied. */
  add(source: Uint8Array, start: number, end: number, stable: boolean): void {
    const length = end - start;
    if (length === 0) return;
    if (length > GATHERED_PIECE_MAX_BYTES || (stable && length >= STABLE_VIEW_BYTES)) {
      this.flush();
      const piece = source.subarray(start, end);
      this.#emit(stable ? piece : copyOf(source, start, end));
      return;
    }
    if (this.#used + length > this.#scratch.length) {
      this.flush();
      this.#scratch = new Uint8Array(ARENA_BYTES);
      this.#scratchWords = new DataView(this.#scratch.buffer);
      this.#start = 0;
      this.#used = 0;
    }
    copyBytes(source, start, end, this.#scratch, this.#used);
    this.#used += length;
  }

  /**
   * Adds `source[start, end)` and a line end (CRLF when `crlf`, else LF): a row as it goes out, or a line of
   * the write's input (through a view of it, four bytes at a time).
   */
  addLine(source: Uint8Array | DataView, start: number, end: number, crlf: boolean): void {
    const length = end - start;
    const total = length + (crlf ? 2 : 1);
    if (total > GATHERED_PIECE_MAX_BYTES || this.#used + total > this.#scratch.length) {
      const bytes =
        source instanceof DataView
          ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
          : source;
      this.add(bytes, start, end, false);
      this.add(crlf ? CRLF : LF, 0, crlf ? 2 : 1, true);
      return;
    }
    const scratch = this.#scratch;
    if (source instanceof DataView) copyWords(source, start, end, this.#scratchWords, this.#used);
    else copyBytes(source, start, end, scratch, this.#used);
    let at = this.#used + length;
    if (crlf) scratch[at++] = 0x0d;
    scratch[at++] = 0x0a;
    this.#used = at;
  }

  /** Hands on what has gathered since the last flush. */
  flush(): void {
    if (this.#used === this.#start) return;
    this.#emit(this.#scratch.subarray(this.#start, this.#used));
    this.#start = this.#used;
  }
}
