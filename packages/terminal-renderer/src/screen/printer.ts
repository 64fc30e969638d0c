import { ByteFinder } from '../byte-finder';
import { copiesOfLastCharacter, readCell, THREE_BYTES_ONE_CELL, widthFrom } from './cell-width';
import { limitCursorRow } from './line-limit';
import { isAsciiText, TAB_STOP } from './row-layout';
import type { Screen } from './screen';

const TAB = 0x09;
const TAB_BYTE = new Uint8Array([TAB]);
/** Bytes past which a row written in one run is cut at once, not at the next control. */
const RUNAWAY_BYTES = 64 * 1024;

/** The most bytes of a last cell REP repeats whole: a character and a few marks on it. */
const LAST_CELL_BYTES = 32;

/** Where the character that ends at `end` starts, not before `start` (one byte when it is not UTF-8). */
function characterBefore(source: Uint8Array, start: number, end: number): number {
  let at = end - 1;
  while (at > start && end - at < 4 && ((source[at] as number) & 0xc0) === 0x80) at--;
  return readCell(source, at, end) >> 2 === end - at ? at : end - 1;
}

/**
 * Writes text at the cursor, as a terminal prints it: over what is there (or shifting it right in insert
 * mode), wrapping at the right margin (a wide character that does not fit wraps whole), or, without
 * autowrap, each character past it taking the last column in turn. A TAB moves to the next tab stop; past
 * the end of the row's text, where the stop is the one a reader's terminal would expand it to, it is kept
 * as a tab byte.
 */
export class Printer {
  readonly #screen: Screen;
  readonly #tab: ByteFinder;
  readonly #runawayBytes: number;
  /** The last cell printed, for REP (a character and the marks on it); none after any other operation. */
  readonly #last = new Uint8Array(LAST_CELL_BYTES);
  #lastLength = 0;
  /** The last run printed, whose last character is copied only when REP (or the write's end) needs it. */
  #lastSource: Uint8Array | null = null;
  #lastStart = 0;
  #lastEnd = 0;
  #repeated = new Uint8Array(64);
  /** Text the caller found all ASCII (see {@link Printer.knowAscii}): printed runs inside it need no check. */
  #asciiSource: Uint8Array | null = null;
  #asciiStart = 0;
  #asciiEnd = 0;

  constructor(screen: Screen) {
    this.#screen = screen;
    this.#tab = new ByteFinder(screen.ops, TAB);
    this.#runawayBytes = Math.max(4 * screen.maxLineBytes, RUNAWAY_BYTES);
  }

  /** A new write: the finder's memory of the last one is stale. */
  forget(): void {
    this.#tab.forget();
    this.#asciiSource = null;
  }

  /**
   * `source[start, end)` is all ASCII (the control search saw it): runs printed from inside it until the next
   * call or write are not checked again.
   */
  knowAscii(source: Uint8Array, start: number, end: number): void {
    this.#asciiSource = source;
    this.#asciiStart = start;
    this.#asciiEnd = end;
  }

  /** REP applies to the character printed just before it only. */
  forgetLastCharacter(): void {
    this.#lastLength = 0;
    this.#lastSource = null;
  }

  /** At the end of a write: the last character printed is copied, as the writer may reuse its buffer. */
  settle(): void {
    if (this.#lastSource !== null) this.#remember();
  }

  /**
   * Prints `source[start, end)` (no LF; bytes below 0x20 but TAB are one cell each), which begins at input
   * offset `inputOffset`; `ascii`: the caller knows it is all ASCII.
   */
  print(source: Uint8Array, start: number, end: number, inputOffset: number, ascii = false): void {
    let at = start;
    while (at < end) {
      const stop = Math.min(this.#tab.next(source, at), end);
      if (stop > at) this.#printRun(source, at, stop, inputOffset + at - start, ascii);
      if (stop === end) return;
      this.tab(inputOffset + stop - start);
      at = stop + 1;
    }
  }

  /** HT at input offset `inputOffset`. */
  tab(inputOffset: number): void {
    // A control: REP after it repeats nothing, as after any other.
    this.forgetLastCharacter();
    const screen = this.#screen;
    const buffer = screen.buffer;
    const x = buffer.x;
    if (screen.cols !== null && x >= screen.cols) return;
    const target = buffer.tabs.next(x);
    if (target <= x) return;
    const row = screen.cursorRow();
    const columns = row.columns();
    if (buffer.tabs.isDefault && x >= columns && target === x + TAB_STOP - (x % TAB_STOP)) {
      const exact = row.exact && x === columns && row.sourceStart + row.length === inputOffset;
      row.write(x, TAB_BYTE, 0, 1, target - x, false);
      row.exact = exact;
    }
    screen.moveTo(target, buffer.y);
  }

  /** REP: the last character printed, `count` times more. */
  repeat(count: number): void {
    if (this.#lastSource !== null) this.#remember();
    const length = this.#lastLength;
    if (length === 0) return;
    const total = length * count;
    if (this.#repeated.length < total) this.#repeated = new Uint8Array(total);
    for (let at = 0; at < total; at += length) this.#repeated.set(this.#last.subarray(0, length), at);
    // Not the input's bytes: the row is not its input one for one any more.
    this.#printRun(this.#repeated, 0, total, -1);
  }

  #printRun(source: Uint8Array, start: number, end: number, inputOffset: number, ascii = false): void {
    const screen = this.#screen;
    const cols = screen.cols;
    const known = source === this.#asciiSource && start >= this.#asciiStart && end <= this.#asciiEnd;
    const simple = ascii || known || isAsciiText(screen.ops, source, start, end);
    // A run beyond ASCII may begin with a mark on the cell before it: that cell is kept before this run replaces it.
    if (!simple && this.#lastSource !== null) this.#remember();
    this.#lastSource = source;
    this.#lastEnd = end;
    this.#lastStart = start;
    if (cols === null) {
      const width = simple ? end - start : widthFrom(source, start, end, screen.buffer.x);
      this.#write(source, start, end, width, simple, inputOffset, !simple);
      if (screen.cursorRow().length > this.#runawayBytes) limitCursorRow(screen);
      return;
    }
    const buffer = screen.buffer;
    let at = start;
    while (at < end) {
      const room = cols - buffer.x;
      let stop = at;
      let width = 0;
      let spans = false;
      if (simple) {
        stop = Math.min(end, at + room);
        width = stop - at;
      } else {
        while (stop < end) {
          const cell = readCell(source, stop, end);
          const cellWidth = buffer.x + width === 0 && (cell & 3) === 0 ? 1 : cell & 3;
          if (width + cellWidth > room) break;
          if (cellWidth > 1) spans = true;
          width += cellWidth;
          stop += cell >> 2;
          if (cell !== THREE_BYTES_ONE_CELL) continue;
          // The same character again (a bar's blocks) takes a cell too.
          const copies = copiesOfLastCharacter(source, stop, end, room - width);
          width += copies;
          stop += 3 * copies;
        }
      }
      if (stop > at) {
        this.#write(source, at, stop, width, simple, inputOffset + at - start, spans);
        at = stop;
        continue;
      }
      if (buffer.x === 0) {
        // A character wider than the whole row (a wide one, one column wide): nothing can show it.
        at += readCell(source, at, end) >> 2;
        continue;
      }
      if (screen.autowrap) {
        // The next character does not fit: the cell a wide one leaves at the margin is blank, and it wraps whole.
        if (buffer.x < cols) screen.cursorRow().eraseCells(buffer.x, cols - buffer.x);
        screen.wrapLine();
        continue;
      }
      // Without autowrap each character past the margin takes the last column in turn; a wide one does not fit.
      const cell = readCell(source, at, end);
      buffer.x = cols - 1;
      if ((cell & 3) !== 2)
        this.#write(source, at, at + (cell >> 2), 1, (source[at] as number) < 0x80, -1, false);
      at += cell >> 2;
    }
  }

  /** Writes `width` cells at the cursor and moves it past them (`spans`: a cell of them may span columns). */
  #write(
    source: Uint8Array,
    start: number,
    end: number,
    width: number,
    simple: boolean,
    inputOffset: number,
    spans: boolean,
  ): void {
    const screen = this.#screen;
    const buffer = screen.buffer;
    const row = screen.cursorRow();
    const x = buffer.x;
    const exact =
      row.exact && !screen.insert && x === row.knownColumns() && row.sourceStart + row.length === inputOffset;
    if (screen.insert) row.insertBlanks(x, width, screen.cols ?? Number.POSITIVE_INFINITY);
    screen.drew();
    row.write(x, source, start, end, width, simple, spans);
    row.exact = exact;
    buffer.x = x + width;
  }

  /**
   * Keeps a copy of the last cell of the last run printed, for REP: its character and the marks on it (a run of
   * marks alone adds them to the cell kept before it).
   */
  #remember(): void {
    const source = this.#lastSource as Uint8Array;
    const start = this.#lastStart;
    const end = this.#lastEnd;
    this.#lastSource = null;
    let at = characterBefore(source, start, end);
    // A mark (no cell of its own) is part of the cell before it: REP repeats that cell, as xterm does.
    while (at > start && (readCell(source, at, end) & 3) === 0) {
      const base = characterBefore(source, start, at);
      if (end - base > LAST_CELL_BYTES) break;
      at = base;
    }
    const before =
      at === start && (readCell(source, at, end) & 3) === 0 && this.#lastLength + end - at <= LAST_CELL_BYTES
        ? this.#lastLength
        : 0;
    for (let index = at; index < end; index++) this.#last[before + index - at] = source[index] as number;
    this.#lastLength = before + end - at;
  }
}
