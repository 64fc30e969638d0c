import type { ByteOps } from '@pipeguard/shared/core';
import { ByteFinder } from './byte-finder';
import { PrintableScan } from './printable-scan';

const NUL = 0x00;
const BS = 0x08;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;

// Where plain text stops once the input draws: every C0 control but NUL, TAB and LF (a CRLF's CR is text).
const STOP_BYTE = new Uint8Array(0x20).fill(1);
for (const byte of [NUL, TAB, LF]) STOP_BYTE[byte] = 0;

/**
 * Where plain text ends in a write: at ESC, BS or a bare CR, and once the input draws, at any other C0
 * control but NUL, TAB and LF. Before drawing, text runs long between controls and three native searches
 * (remembered across calls, see {@link ByteFinder}) find the next one; once drawing, a control comes every
 * few bytes and a scan of the printable ASCII between them, four bytes at a time, beats a search per control.
 */
export class ControlSearch {
  readonly #esc: ByteFinder;
  readonly #cr: ByteFinder;
  readonly #bs: ByteFinder;
  readonly #printable = new PrintableScan();
  /** Whether the text the last search ran over was all ASCII (known only while drawing). */
  ascii = false;

  constructor(ops: ByteOps) {
    this.#esc = new ByteFinder(ops, ESC);
    this.#cr = new ByteFinder(ops, CR);
    this.#bs = new ByteFinder(ops, BS);
  }

  /** The first index at or after `at` whose byte plain text cannot hold, else `bytes.length`. */
  next(bytes: Uint8Array, at: number, drawing: boolean): number {
    const end = bytes.length;
    if (drawing) {
      let index = at;
      let ascii = true;
      while (index < end) {
        index = this.#printable.end(bytes, index, end);
        if (index === end) break;
        const byte = bytes[index] as number;
        const crlf = byte === CR && index + 1 < end && bytes[index + 1] === LF;
        if (byte < 0x20 && STOP_BYTE[byte] === 1 && !crlf) break;
        index++;
        if (byte >= 0x80) {
          ascii = false;
          // The rest of a run beyond ASCII (a bar's blocks) without going back to the word scan per character.
          index = this.#printable.asciiAt(bytes, index, end);
        }
      }
      this.ascii = ascii;
      return index;
    }
    this.ascii = false;
    let cr = this.#cr.next(bytes, at);
    while (cr + 1 < end && bytes[cr + 1] === LF) cr = this.#cr.next(bytes, cr + 2);
    return Math.min(this.#esc.next(bytes, at), this.#bs.next(bytes, at), cr);
  }

  /** A new write, or its end: what the searches remember of its bytes is stale (a writer may refill them). */
  forget(): void {
    this.#esc.forget();
    this.#cr.forget();
    this.#bs.forget();
    this.#printable.forget();
  }
}
