import type { Row } from './row';
import { TabStops } from './tab-stops';

/** Makes a blank row for a screen line that comes into use, from `recycled` (a row gone from the screen) if given. */
export type RowFactory = (recycled?: Row) => Row;

/** Receives the top row of the main screen as it scrolls out (final output); `continues`: the next row wraps it. */
export type ScrolledOut = (row: Row, continues: boolean) => void;

/**
 * One screen's state, as xterm.js keeps one per buffer (main and alternate): its rows, the cursor, the
 * scroll margins, the tab stops and the saved cursor. The rows are top-anchored and made as they come into
 * use: the screen is `height` rows, of which those past `rows.length` are blank and untouched yet. Lines
 * scrolled out of the top of a region whose top is the screen's are final output on the main screen (a
 * terminal's scrollback has them) and gone on the alternate one.
 */
export class ScreenBuffer {
  rows: Row[] = [];
  x = 0;
  y = 0;
  top = 0;
  bottom: number;
  tabs: TabStops;
  savedX = 0;
  savedY = 0;
  savedOrigin = false;
  /** Whether a cursor was saved since the last reset. */
  savedCursor = false;
  /** Lines scrolled out of the screen into the output: where the saved cursor's line is counted from, as xterm.js counts it. */
  scrolled = 0;
  readonly height: number;
  readonly #tabLimit: number;
  readonly #margin: boolean;
  readonly #newRow: RowFactory;
  readonly #scrolledOut: ScrolledOut | null;

  /** `tabLimit`: the last column, at the right margin when `margin`. */
  constructor(
    height: number,
    tabLimit: number,
    margin: boolean,
    newRow: RowFactory,
    scrolledOut: ScrolledOut | null,
  ) {
    this.height = height;
    this.bottom = height - 1;
    this.#tabLimit = tabLimit;
    this.#margin = margin;
    this.tabs = new TabStops(tabLimit, margin);
    this.#newRow = newRow;
    this.#scrolledOut = scrolledOut;
  }

  /** Whether the scroll margins are the whole screen. */
  get fullRegion(): boolean {
    return this.top === 0 && this.bottom === this.height - 1;
  }

  /** The row at screen line `y`, made blank, with the lines above it, if the screen has not reached it yet. */
  rowAt(y: number): Row {
    while (this.rows.length <= y) this.rows.push(this.#newRow());
    return this.rows[y] as Row;
  }

  /** Back to a fresh screen: no rows, cursor home, full margins, default tab stops, no saved cursor. */
  reset(): void {
    this.rows = [];
    this.x = 0;
    this.y = 0;
    this.top = 0;
    this.bottom = this.height - 1;
    this.tabs = new TabStops(this.#tabLimit, this.#margin);
    this.savedX = 0;
    this.savedY = 0;
    this.savedOrigin = false;
    this.savedCursor = false;
    this.scrolled = 0;
  }

  /**
   * Scrolls the region up one line, as a line feed at its bottom margin does: the top line scrolls out
   * (final output when the region's top is the screen's, on the main screen), a blank line comes in at the
   * bottom, continuing the one above it when `wrapped` (an autowrap).
   */
  scroll(wrapped: boolean): void {
    this.rowAt(this.bottom);
    const top = this.rows[this.top] as Row;
    if (this.top === 0 && this.#scrolledOut !== null) {
      const next = this.bottom >= 1 ? (this.rows[1] as Row).wrapped : wrapped;
      this.#scrolledOut(top, next);
      this.scrolled++;
    }
    // The row that went (emitted or dropped) is the blank one that comes in: no allocation per line.
    const row = this.#newRow(top);
    row.wrapped = wrapped;
    // The region's rows move up one: a loop over the few screen rows costs less than a splice.
    const rows = this.rows;
    for (let line = this.top; line < this.bottom; line++) rows[line] = rows[line + 1] as Row;
    rows[this.bottom] = row;
  }

  /** SU: the region's lines move up `count`, blank lines come in at the bottom; those at the top are gone. */
  scrollUp(count: number): void {
    this.#shift(this.top, this.bottom, Math.min(count, this.bottom - this.top + 1));
  }

  /** SD (and RI at the top margin): the region's lines move down `count`, blank lines come in at the top. */
  scrollDown(count: number): void {
    this.#shift(this.bottom, this.top, Math.min(count, this.bottom - this.top + 1));
  }

  /** IL: `count` blank lines at the cursor's line, those below move down; lines pushed past the bottom margin are gone. */
  insertLines(count: number): void {
    if (this.y < this.top || this.y > this.bottom) return;
    this.#shift(this.bottom, this.y, Math.min(count, this.bottom - this.y + 1));
  }

  /** DL: the cursor's line and `count - 1` below it go, those below move up, blank lines come in at the bottom margin. */
  deleteLines(count: number): void {
    if (this.y < this.top || this.y > this.bottom) return;
    this.#shift(this.y, this.bottom, Math.min(count, this.bottom - this.y + 1));
  }

  /** Removes `count` rows at line `from` and inserts as many blank ones at line `to` (after the removal). */
  #shift(from: number, to: number, count: number): void {
    this.rowAt(Math.max(from, to));
    if (from <= to) {
      this.rows.splice(from, count);
      for (let line = 0; line < count; line++) this.rows.splice(to - count + 1, 0, this.#newRow());
      return;
    }
    this.rows.splice(from - count + 1, count);
    for (let line = 0; line < count; line++) this.rows.splice(to, 0, this.#newRow());
  }
}
