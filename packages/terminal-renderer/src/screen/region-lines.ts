import { ByteWords } from '../byte-words';
import { CRLF_TERMINATOR, LF_TERMINATOR, type Row, type Terminator } from './row';
import type { Screen } from './screen';

const CR = 0x0d;

/**
 * Lines of text printed from column 0 of the bottom row of a scroll region whose top is the screen's, on the
 * main screen (apt-get's output above its status line): each scrolls the region's top line out into the
 * output. They are held as views of the write's input, not laid out into rows: most scroll out again a
 * screenful later in the same write and go downstream from there. While held, the region's rows above the
 * cursor are the rows not yet scrolled out and then the held lines; {@link RegionLines.materialize} lays the
 * held lines out into rows, as printing them would have, and must come before anything else reads or
 * changes the region, and before the write returns (the views are valid until then). REP after them repeats
 * nothing: the skipper's caller forgets the last character printed once it skipped a frame.
 */
export class RegionLines {
  readonly #screen: Screen;
  /** The write's input the held lines are in, and read four bytes at a time as they go downstream. */
  #source: Uint8Array | null = null;
  readonly #words = new ByteWords();
  /** The held lines still on the screen, oldest first from `#first`, in a ring of the region's height. */
  #starts: number[] = [];
  #ends: number[] = [];
  #terminators: Terminator[] = [];
  /** The input offset each line's row began at, and whether its bytes are the input's from there (see Row). */
  #sourceStarts: number[] = [];
  #exact: boolean[] = [];
  #first = 0;
  #count = 0;
  /** Lines taken since holding began: the region's rows `[0, min(#taken, bottom))` have scrolled out. */
  #taken = 0;
  #holding = false;
  readonly #spare: Row[] = [];

  constructor(screen: Screen) {
    this.#screen = screen;
  }

  /**
   * Takes `bytes[start, end)`, whole lines of printable ASCII each ended by LF or CRLF (`feeds`: the index of
   * each LF, `lines` of them; the write's input begins at input offset `base`), as printing and feeding them would; false,
   * with nothing done, when the cursor or a line is not where this holds (then they are drawn as usual).
   */
  take(
    bytes: Uint8Array,
    start: number,
    end: number,
    feeds: readonly number[],
    lines: number,
    base: number,
  ): boolean {
    const screen = this.#screen;
    const main = screen.main;
    if (lines === 0 || feeds[lines - 1] !== end - 1) return false;
    if (this.#holding ? bytes !== this.#source : !this.#canHold()) return false;
    // A line that wraps or that maxLineBytes would cut is laid out as a terminal lays it out.
    const limit = Math.min(screen.cols ?? Number.POSITIVE_INFINITY, screen.maxLineBytes);
    for (let line = 0, at = start; line < lines; line++) {
      const lf = feeds[line] as number;
      if (lf - at - (lf > at && bytes[lf - 1] === CR ? 1 : 0) > limit) return false;
      at = lf + 1;
    }
    if (!this.#holding) this.#hold(bytes);
    const cursor = main.rows[main.bottom] as Row;
    let sourceStart = cursor.sourceStart;
    let exact = cursor.exact;
    let terminator: Terminator = LF_TERMINATOR;
    // Printed and fed as the printer would: only the first line can count a redraw (a line feed ends the move).
    screen.drewText(bytes, start, end, feeds[0] as number);
    for (let line = 0, at = start; line < lines; line++) {
      const lf = feeds[line] as number;
      const crlf = lf > at && bytes[lf - 1] === CR;
      const textEnd = crlf ? lf - 1 : lf;
      // Printed in one run at column 0 of a blank row: the row is the input's own if it began right there.
      if (textEnd > at) exact = exact && sourceStart === base + at;
      terminator = crlf ? CRLF_TERMINATOR : LF_TERMINATOR;
      this.#scrollOut();
      this.#push(at, textEnd, terminator, sourceStart, exact);
      sourceStart = base + lf + 1;
      exact = true;
      at = lf + 1;
    }
    screen.lineEnd = terminator;
    screen.inputOffset = sourceStart;
    cursor.reset(sourceStart, terminator);
    return true;
  }

  /** Lays the held lines out into rows, as printing them would have. */
  materialize(): void {
    if (!this.#holding) return;
    this.#holding = false;
    const main = this.#screen.main;
    const rows = main.rows;
    const bottom = main.bottom;
    const held = this.#count;
    // The rows that scrolled out are the held lines' rows: no allocation.
    const spare = this.#spare;
    for (let line = 0; line < held; line++) spare[line] = rows[line] as Row;
    for (let line = 0; line + held < bottom; line++) rows[line] = rows[line + held] as Row;
    const capacity = this.#starts.length;
    const source = this.#source as Uint8Array;
    for (let line = 0; line < held; line++) {
      const index = (this.#first + line) % capacity;
      const row = spare[line] as Row;
      const start = this.#starts[index] as number;
      const end = this.#ends[index] as number;
      row.reset(this.#sourceStarts[index] as number, this.#terminators[index] as Terminator);
      if (end > start) row.write(0, source, start, end, end - start, true);
      row.exact = this.#exact[index] as boolean;
      rows[bottom - held + line] = row;
    }
    this.#count = 0;
    this.#source = null;
    this.#words.forget();
  }

  /** Whether lines printed now would be held: the cursor at column 0 of the blank bottom row of such a region. */
  #canHold(): boolean {
    const screen = this.#screen;
    const main = screen.main;
    if (screen.buffer !== main || main.top !== 0 || main.bottom < 1) return false;
    if (main.y !== main.bottom || main.x !== 0 || screen.insert) return false;
    const cursor = main.rows[main.bottom];
    return cursor !== undefined && cursor.length === 0 && !cursor.wrapped;
  }

  #hold(source: Uint8Array): void {
    const capacity = this.#screen.main.bottom;
    if (this.#starts.length !== capacity) {
      this.#starts = new Array(capacity).fill(0);
      this.#ends = new Array(capacity).fill(0);
      this.#terminators = new Array(capacity).fill(LF_TERMINATOR);
      this.#sourceStarts = new Array(capacity).fill(0);
      this.#exact = new Array(capacity).fill(false);
    }
    this.#holding = true;
    this.#source = source;
    this.#first = 0;
    this.#count = 0;
    this.#taken = 0;
  }

  /** The region's top line scrolls out, as a line feed at its bottom makes it: a row not yet gone, or a held line. */
  #scrollOut(): void {
    const main = this.#screen.main;
    const output = this.#screen.output;
    const bottom = main.bottom;
    if (this.#taken < bottom) {
      const rows = main.rows;
      // The row below it continues it only if it is a row too: a held line never continues one.
      const next = this.#taken + 1 < bottom && (rows[this.#taken + 1] as Row).wrapped;
      output.row(rows[this.#taken] as Row, next);
    } else {
      const index = this.#first;
      output.line(
        this.#words.of(this.#source as Uint8Array),
        this.#starts[index] as number,
        this.#ends[index] as number,
        this.#terminators[index] === CRLF_TERMINATOR,
        this.#sourceStarts[index] as number,
        this.#exact[index] as boolean,
      );
      this.#first = (index + 1) % bottom;
      this.#count--;
    }
    this.#taken++;
    main.scrolled++;
  }

  #push(start: number, end: number, terminator: Terminator, sourceStart: number, exact: boolean): void {
    const index = (this.#first + this.#count) % this.#starts.length;
    this.#starts[index] = start;
    this.#ends[index] = end;
    this.#terminators[index] = terminator;
    this.#sourceStarts[index] = sourceStart;
    this.#exact[index] = exact;
    this.#count++;
  }
}
