import { ByteWords } from '../byte-words';
import type { SequenceReader } from '../parser/sequence-reader';
import { PrintableScan } from '../printable-scan';
import { isBoxCharacter, readCell } from '../screen/cell-width';
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
  /** The write's bytes four at a time: a bar's run of one block character is compared twelve bytes at a time. */
  readonly #words = new ByteWords();

  constructor(reader: SequenceReader) {
    this.#reader = reader;
  }

  /** A new write: the views of the last one's bytes are stale. */
  forget(): void {
    this.printable.forget();
    this.#words.forget();
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
      const next = bytes[at] as number;
      // The word scan only from a printable byte: after a colour or a run of blocks it would find none.
      if ((next - 0x20) >>> 0 < 0x5f) {
        const textStart = at;
        at = this.printable.end(bytes, at + 1, end);
        effects.textRuns.push2(textStart - start, at - start);
        continue;
      }
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
        // A bar's blocks (see isBoxCharacter), one cell each, mostly one character repeated.
        if (lead === 0xe2 && isBoxCharacter(bytes, at, end)) {
          const run = this.#sameCharacters(bytes, at, end);
          continuations += (2 * run) / 3;
          at += run;
          continue;
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

  /**
   * Bytes of the run of the three-byte character at `at` repeated (a bar's `━━━━` or `████`): twelve bytes (four
   * copies) at a time as three words made from the character, then copy by copy.
   */
  #sameCharacters(bytes: Uint8Array, at: number, end: number): number {
    const first = bytes[at] as number;
    const second = bytes[at + 1] as number;
    const third = bytes[at + 2] as number;
    let next = at + 3;
    if (next + 12 <= end) {
      const words = this.#words.of(bytes);
      // Four copies read as three little-endian words.
      const a = (first | (second << 8) | (third << 16) | (first << 24)) >>> 0;
      const b = (second | (third << 8) | (first << 16) | (second << 24)) >>> 0;
      const c = (third | (first << 8) | (second << 16) | (third << 24)) >>> 0;
      while (
        next + 12 <= end &&
        words.getUint32(next, true) === a &&
        words.getUint32(next + 4, true) === b &&
        words.getUint32(next + 8, true) === c
      )
        next += 12;
    }
    while (
      next + 3 <= end &&
      bytes[next] === first &&
      bytes[next + 1] === second &&
      bytes[next + 2] === third
    )
      next += 3;
    return next - at;
  }
}
