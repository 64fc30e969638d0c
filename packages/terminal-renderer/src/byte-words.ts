/** The view of no array, shared: forgetting allocates nothing (an ArrayBuffer a write is work for the collector). */
const NO_VIEW = new DataView(new ArrayBuffer(0));

/**
 * Reads and writes bytes four at a time through a DataView, at any alignment: the short runs a redraw
 * compares or copies (a status line's sequences, a line of output) cost a fraction of a loop over their
 * bytes. A view is made once per array (see {@link ByteWords}), as making one per run would cost more than
 * the run.
 */
export class ByteWords {
  #bytes: Uint8Array | null = null;
  #view: DataView = NO_VIEW;

  /** A view of `bytes` (the last one asked for, kept until {@link ByteWords.forget}). */
  of(bytes: Uint8Array): DataView {
    if (bytes !== this.#bytes) {
      this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.#bytes = bytes;
    }
    return this.#view;
  }

  /** Lets go of the array (a write's input is not kept past the write). */
  forget(): void {
    this.#bytes = null;
    this.#view = NO_VIEW;
  }
}

/** Whether `a[aAt, aAt + length)` and `b[bAt, bAt + length)` hold the same bytes. */
export function sameBytes(a: DataView, aAt: number, b: DataView, bAt: number, length: number): boolean {
  let index = 0;
  for (; index + 4 <= length; index += 4)
    if (a.getUint32(aAt + index, true) !== b.getUint32(bAt + index, true)) return false;
  for (; index < length; index++) if (a.getUint8(aAt + index) !== b.getUint8(bAt + index)) return false;
  return true;
}

/** Runs shorter than this are copied byte by byte; longer ones than {@link SET_BYTES} by the platform's `set`. */
const WORD_COPY_BYTES = 8;
const SET_BYTES = 256;

/**
 * Copies into byte arrays four bytes at a time, through a view it keeps of the last source (a view per copy
 * would cost more than the copy; the target brings its own): a row's text is copied a run at a time, mostly
 * from one write's input, and a loop over its bytes was the largest part of drawing it. The view follows
 * the array's memory, so a refilled buffer reads right.
 */
export class ByteCopier {
  readonly #source = new ByteWords();

  /** Copies `source[start, end)` into `target` (whose view is `targetWords`) at `at`; the arrays are not one. */
  copy(
    source: Uint8Array,
    start: number,
    end: number,
    target: Uint8Array,
    targetWords: DataView,
    at: number,
  ): void {
    const length = end - start;
    if (length < WORD_COPY_BYTES) {
      for (let index = 0; index < length; index++) target[at + index] = source[start + index] as number;
    } else if (length > SET_BYTES) {
      target.set(source.subarray(start, end), at);
    } else {
      copyWords(this.#source.of(source), start, end, targetWords, at);
    }
  }

  /** Lets go of the source (a write's input is not kept past the write). */
  forget(): void {
    this.#source.forget();
  }
}

/** Copies `source[start, end)` into `target` at `at`. */
export function copyWords(source: DataView, start: number, end: number, target: DataView, at: number): void {
  let from = start;
  let to = at;
  for (; from + 4 <= end; from += 4, to += 4) target.setUint32(to, source.getUint32(from, true), true);
  for (; from < end; from++, to++) target.setUint8(to, source.getUint8(from));
}
