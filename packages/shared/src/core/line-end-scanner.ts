const LF = 0x0a;
const CR = 0x0d;

const ownIndexOf = (bytes: Uint8Array, byte: number, from: number): number => bytes.indexOf(byte, from);

/**
 * Finds the line-end bytes (LF, CR) of one chunk in order with native scans only: the next LF and the next
 * CR found are remembered until passed, so each byte is scanned at most once per kind, and a kind that is
 * not there is never searched again. Whether a CR is half of a CRLF is the caller's to decide.
 */
export class LineEndScanner {
  readonly #chunk: Uint8Array;
  readonly #indexOf: (bytes: Uint8Array, byte: number, from: number) => number;
  #lf = -2;
  #cr = -2;

  /** @param indexOf - The scan (a `ByteOps`' `indexOf`). @defaultValue the chunk's own `indexOf` (a Node Buffer's is memchr) */
  constructor(
    chunk: Uint8Array,
    indexOf: (bytes: Uint8Array, byte: number, from: number) => number = ownIndexOf,
  ) {
    this.#chunk = chunk;
    this.#indexOf = indexOf;
  }

  /** The index of the first LF or CR at or after `from`, or -1 when there is none. */
  next(from: number): number {
    if (this.#lf !== -1 && this.#lf < from) this.#lf = this.#indexOf(this.#chunk, LF, from);
    if (this.#cr !== -1 && this.#cr < from) this.#cr = this.#indexOf(this.#chunk, CR, from);
    const lf = this.#lf;
    const cr = this.#cr;
    return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
  }
}
