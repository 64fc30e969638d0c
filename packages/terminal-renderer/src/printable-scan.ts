/** The view of no array, shared: forgetting allocates nothing. */
const NO_VIEW = new DataView(new ArrayBuffer(0));
/** Each byte's high bit, as the signed 32-bit integer a bitwise AND gives. */
const HIGH_BITS = 0x80808080 | 0;
/** Four printable bytes (`AAAA`), which neither borrow nor carry into the bytes after them. */
const PRINTABLE_WORD = 0x41414141;

/**
 * Finds the end of printable ASCII (0x20–0x7E) in a write's bytes four at a time, through a view of the same
 * memory made once per write, from any index (a frame's text runs are short and begin anywhere): a word holds
 * a byte outside the range when its flags (below) are not 0, and read in little-endian order its lowest flag
 * is that of the first such byte (the borrows and carries that can flag a later byte come from a flagged one).
 */
export class PrintableScan {
  #bytes: Uint8Array | null = null;
  #view: DataView = NO_VIEW;

  /** The first index at or after `at` (before `end`) whose byte is not printable ASCII, else `end`. */
  end(bytes: Uint8Array, at: number, end: number): number {
    if (at >= end) return end;
    if (end < 4) return byteEnd(bytes, at, end);
    const view = this.#viewOf(bytes);
    const last = end - 4;
    // A run shorter than a word is read in the word that ends at `end`, its bytes before `at` read as printable
    // (masked off after the flags, a control there could borrow into the run's first byte and flag it).
    const short = Math.max(at - last, 0);
    const mask = -1 << (short << 3);
    const fill = PRINTABLE_WORD & ~mask;
    // One word read and one flag search for every word, the last one ending at `end` (the bytes before its own
    // already known printable): a path of its own for the tail or a short run would be code the first calls never
    // run, deoptimized when a later one does.
    for (let index = at - short; ; index += 4) {
      const word = Math.min(index, last);
      const flags = flagsOf((view.getUint32(word, true) & mask) | fill);
      if (flags !== 0) return word + firstFlagged(flags);
      if (word === last) return end;
    }
  }

  /** The first index at or after `at` (before `end`) whose byte is ASCII, else `end`: past a run beyond ASCII (a bar's blocks). */
  asciiAt(bytes: Uint8Array, at: number, end: number): number {
    let index = at;
    if (end - index >= 4) {
      const view = this.#viewOf(bytes);
      while (index + 4 <= end && (view.getUint32(index, true) & HIGH_BITS) === HIGH_BITS) index += 4;
    }
    while (index < end && (bytes[index] as number) >= 0x80) index++;
    return index;
  }

  /** Forgets the write's view (the writer may reuse its buffer). */
  forget(): void {
    this.#bytes = null;
    this.#view = NO_VIEW;
  }

  #viewOf(bytes: Uint8Array): DataView {
    if (bytes !== this.#bytes) {
      this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.#bytes = bytes;
    }
    return this.#view;
  }
}

/** A byte ≥ 0x80, or < 0x20 (its subtraction borrows), or 0x7F (its increment carries) sets its high bit. */
function flagsOf(word: number): number {
  return (word | (((word - 0x20202020) | (word + 0x01010101)) & ~word)) & 0x80808080;
}

/** The index in its word of the lowest flag of `flags` (not 0). */
function firstFlagged(flags: number): number {
  return (31 - Math.clz32(flags & -flags)) >> 3;
}

function byteEnd(bytes: Uint8Array, at: number, end: number): number {
  while (at < end && ((bytes[at] as number) - 0x20) >>> 0 < 0x5f) at++;
  return at;
}
