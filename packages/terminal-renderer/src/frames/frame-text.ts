import type { SequenceReader } from '../parser/sequence-reader';
import { PrintableScan } from '../printable-scan';
import { readCell } from '../screen/cell-width';
import type { FrameEffects } from './frame-effects';

const ESC = 0x1b;

/** A frame's text as the simulation reads it: printable bytes, one-cell characters and the colours between them. */
export class FrameText {
  readonly #reader: SequenceReader;
  /** The write's printable-ASCII scanner. */
  readonly printable = new PrintableScan();
  /** Cells of the text the last {@link FrameText.scan} read. */
  cells = 0;
  /** Whether that text was all ASCII. */
  ascii = true;

  constructor(reader: SequenceReader) {
    this.#reader = reader;
  }

  /**
   * Reads text and the colours inside it from `at` up to the first other byte; notes its runs in `effects`
   * (as offsets from the frame's `start`: a next frame is matched against them). Returns where it stopped,
   * or -1 at a character that is not one cell wide.
   */
  scan(bytes: Uint8Array, at: number, start: number, effects: FrameEffects): number {
    const reader = this.#reader;
    const end = bytes.length;
    const from = at;
    let continuations = 0;
    let colours = 0;
    let ascii = true;
    while (at < end) {
      const textStart = at;
      at = this.printable.end(bytes, at, end);
      if (at > textStart) {
        effects.textRuns.push(textStart - start);
        effects.textRuns.push(at - start);
      }
      if (at >= end) break;
      const next = bytes[at] as number;
      if (next === ESC) {
        const removed = reader.removed;
        const after = reader.readColour(bytes, at);
        if (after === -1) break;
        effects.sequences += reader.removed - removed;
        colours += after - at;
        at = after;
        continue;
      }
      if (next < 0x80) break;
      ascii = false;
      // A run of characters beyond ASCII (a bar's blocks) in one loop, back to the ASCII scan at its end.
      while (at < end) {
        const lead = bytes[at] as number;
        if (lead < 0x80) break;
        // Box drawing and block elements (U+2500–U+259F: E2 94 80 to E2 96 9F), what bars are drawn with,
        // are one cell each: read without working out a width.
        if (lead === 0xe2 && at + 2 < end) {
          const second = bytes[at + 1] as number;
          const third = bytes[at + 2] as number;
          if (
            second >= 0x94 &&
            second <= 0x96 &&
            (third & 0xc0) === 0x80 &&
            (second < 0x96 || third < 0xa0)
          ) {
            continuations += 2;
            at += 3;
            continue;
          }
        }
        const cell = readCell(bytes, at, end);
        if ((cell & 3) !== 1) return -1;
        continuations += (cell >> 2) - 1;
        at += cell >> 2;
      }
    }
    this.cells = at - from - continuations - colours;
    this.ascii = ascii;
    return at;
  }
}
