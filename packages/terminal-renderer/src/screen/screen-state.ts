import type { ByteOps } from '@pipeguard/shared/core';
import { ByteCopier } from '../byte-words';
import type { RowOutput } from '../output/row-output';
import { CRLF_TERMINATOR, LF_TERMINATOR, Row, type Terminator } from './row';
import { ScreenBuffer } from './screen-buffer';

const TAB = 0x09;
const CR = 0x0d;

/** What a {@link ScreenState} is made with. */
export interface ScreenSettings {
  /** The screen's rows (`maxLiveLines`). */
  height: number;
  /** The right margin (`cols`), or `null` for rows that never wrap. */
  cols: number | null;
  maxLineBytes: number;
  ops: ByteOps;
  output: RowOutput;
}

/**
 * The state of the terminal screen and the primitives every operation is made of: the main and alternate
 * buffers, the modes, the cursor's restriction to the screen (or the scroll region in origin mode), line
 * feeds and the redraw count. A column equal to `cols` is the pending-wrap state at the right margin (as
 * xterm.js keeps it); without `cols` there is no right margin and the cursor stops at `maxLineBytes`.
 */
export class ScreenState {
  readonly height: number;
  readonly cols: number | null;
  /** The last column the cursor can be moved to. */
  readonly maxColumn: number;
  readonly maxLineBytes: number;
  readonly ops: ByteOps;
  readonly output: RowOutput;
  /** What the rows copy text with; {@link ScreenState.forget} lets go of the write's input. */
  readonly copier = new ByteCopier();
  readonly main: ScreenBuffer;
  /** The alternate screen while it is active. */
  alternate: ScreenBuffer | null = null;
  buffer: ScreenBuffer;
  autowrap = true;
  origin = false;
  insert = false;
  /** LNM: VT and FF return the carriage too (LF always does: see the README). */
  newline = false;
  /** Set by a cursor move to an earlier position; the next write or erase counts one redraw. */
  rewound = false;
  framesOverwritten = 0;
  /** The input offset the operation being applied ends at: where a row made now begins. */
  inputOffset = 0;
  /** How the last line feed came (LF or CRLF): a row made now ends the same way unless a line feed says otherwise. */
  lineEnd: Terminator = LF_TERMINATOR;

  constructor(settings: ScreenSettings) {
    this.height = settings.height;
    this.cols = settings.cols;
    this.maxLineBytes = settings.maxLineBytes;
    this.maxColumn = settings.cols === null ? settings.maxLineBytes : settings.cols - 1;
    this.ops = settings.ops;
    this.output = settings.output;
    this.main = new ScreenBuffer(
      this.height,
      this.maxColumn,
      this.cols !== null,
      this.newRow,
      (row, continues) => this.output.row(row, continues),
    );
    this.buffer = this.main;
    this.main.rowAt(0);
  }

  /** A blank row beginning at the current input offset. */
  readonly newRow = (recycled?: Row): Row => {
    if (recycled === undefined) return new Row(this.ops, this.copier, this.inputOffset, true, this.lineEnd);
    recycled.reset(this.inputOffset, this.lineEnd);
    return recycled;
  };

  /** The row under the cursor, made if the screen has not reached it yet. */
  cursorRow(): Row {
    return this.buffer.rowAt(this.buffer.y);
  }

  /** Counts one redraw if the cursor moved back since the last one: called before a write or erase. */
  drew(): void {
    if (!this.rewound) return;
    this.rewound = false;
    this.framesOverwritten++;
  }

  /**
   * Counts the redraw of text `source[start, end)` (text, TAB, LF, CRLF; `firstLf`: its first LF, or `end`)
   * written from the cursor without the printer, as printing it counts: a character written after a move
   * back is one (a TAB is a move, not a write), and a line feed ends the move, so only the first line can be.
   * The one rule with {@link ScreenState.drew}, which the printer calls before each write (after any wrap
   * before its first character: the wrap ends the move); held text and held region lines come here.
   */
  drewText(source: Uint8Array, start: number, end: number, firstLf: number): void {
    if (!this.rewound) return;
    const lineEnd = firstLf > start && source[firstLf - 1] === CR ? firstLf - 1 : firstLf;
    let at = start;
    while (at < lineEnd && source[at] === TAB) at++;
    if (at < lineEnd) this.drew();
    else if (firstLf < end) this.rewound = false;
  }

  /** Moves the cursor (already restricted), noting a move back for the redraw count. */
  moveTo(x: number, y: number): void {
    const buffer = this.buffer;
    if (y < buffer.y || (y === buffer.y && x < buffer.x)) this.rewound = true;
    buffer.x = x;
    buffer.y = y;
    buffer.rowAt(y);
  }

  /** Keeps the cursor on the screen (inside the margins in origin mode) and at or left of `maxX`. */
  restricted(maxX = this.maxColumn): void {
    this.setCursor(this.buffer.x, this.buffer.y, maxX);
  }

  /** Moves the cursor to column `x` and screen line `y`, restricted as {@link ScreenState.restricted} says. */
  setCursor(x: number, y: number, maxX = this.maxColumn): void {
    this.moveTo(this.clampColumn(x, maxX), this.clampLine(y));
  }

  /** Column `x` kept on the screen and at or left of `maxX` (by default off the pending-wrap column). */
  clampColumn(x: number, maxX = this.maxColumn): number {
    return Math.min(maxX, Math.max(0, x));
  }

  /** Line `y` kept on the screen, or inside the scroll region's margins in origin mode. */
  clampLine(y: number): number {
    const buffer = this.buffer;
    return this.origin
      ? Math.min(buffer.bottom, Math.max(buffer.top, y))
      : Math.min(this.height - 1, Math.max(0, y));
  }

  /** The screen line of line `y` of the screen, or of the scroll region in origin mode. */
  addressedLine(y: number): number {
    return this.origin ? this.buffer.top + y : y;
  }

  /** Moves the cursor to column `x` and line `y` of the screen, or of the scroll region in origin mode. */
  setCursorAddressed(x: number, y: number): void {
    this.setCursor(x, this.addressedLine(y));
  }

  /**
   * A line feed: the cursor moves down a line, scrolling the region at its bottom margin. LF also returns
   * the carriage (the renderer's input has no line discipline to turn it into CRLF); VT and FF do under
   * LNM. `crlf`: it came as CRLF; `null` for VT and FF.
   */
  lineFeed(crlf: boolean | null): void {
    const buffer = this.buffer;
    if (crlf !== null || this.newline) buffer.x = 0;
    const terminator = crlf === true ? CRLF_TERMINATOR : LF_TERMINATOR;
    this.cursorRow().terminator = terminator;
    this.lineEnd = terminator;
    if (this.#down()) this.cursorRow().wrapped = false;
    if (this.cols !== null && buffer.x >= this.cols) buffer.x--;
  }

  /** IND: down a line, scrolling the region at its bottom margin; the column stays. */
  index(): void {
    this.restricted();
    this.#down();
    this.restricted();
  }

  /**
   * Down a line, scrolling the region at its bottom margin and stopping at the screen's last row: LF's
   * and IND's move. True when the cursor reached a row below (neither scrolled nor held at the bottom).
   */
  #down(): boolean {
    const buffer = this.buffer;
    this.rewound = false;
    buffer.y++;
    if (buffer.y === buffer.bottom + 1) {
      buffer.y--;
      buffer.scroll(false);
      return false;
    }
    if (buffer.y < this.height) return true;
    buffer.y = this.height - 1;
    return false;
  }

  /** An autowrap: to column 0 of the next line, which continues this one (scrolling at the bottom margin). */
  wrapLine(): void {
    const buffer = this.buffer;
    this.rewound = false;
    buffer.x = 0;
    buffer.y++;
    if (buffer.y === buffer.bottom + 1) {
      buffer.y--;
      buffer.scroll(true);
      return;
    }
    if (buffer.y >= this.height) buffer.y = this.height - 1;
    this.cursorRow().wrapped = true;
  }

  /** Switches to the alternate screen (fresh, with the main screen's cursor), or back to the main one (the alternate is dropped). */
  useAlternate(on: boolean): void {
    if (on === (this.alternate !== null)) return;
    if (on) {
      const alternate = new ScreenBuffer(this.height, this.maxColumn, this.cols !== null, this.newRow, null);
      alternate.x = this.main.x;
      alternate.y = this.main.y;
      this.alternate = alternate;
      this.buffer = alternate;
      alternate.rowAt(alternate.y);
      return;
    }
    const alternate = this.alternate as ScreenBuffer;
    this.main.x = alternate.x;
    this.main.y = alternate.y;
    this.main.rowAt(this.main.y);
    this.alternate = null;
    this.buffer = this.main;
  }

  /**
   * Emits what the screen holds at the end of the input: the main screen's rows down to the cursor or the
   * last one with text, then, if the input ends on the alternate screen, that screen's last frame.
   */
  flush(): void {
    const alternate = this.alternate;
    const main = this.main;
    this.#emitRows(main, alternate === null);
    if (alternate !== null) this.#emitRows(alternate, true);
  }

  /** Hands what {@link flush} would emit to `output` (a view's own), leaving every row on the screen. */
  view(output: RowOutput): void {
    const alternate = this.alternate;
    this.#emitRows(this.main, alternate === null, output, false);
    if (alternate !== null) this.#emitRows(alternate, true, output, false);
  }

  #emitRows(buffer: ScreenBuffer, last: boolean, output = this.output, clear = true): void {
    const rows = buffer.rows;
    // Before the alternate screen's frame, the main screen down to its last text; else down to the cursor too.
    let end = last ? Math.min(rows.length, buffer.y + 1) : 0;
    for (let index = end; index < rows.length; index++) if (!(rows[index] as Row).isBlank()) end = index + 1;
    // The last row keeps its line break when an LF made the row below it (a blank one, left out).
    const lastEnds = end < rows.length;
    for (let index = 0; index < end; index++) {
      const next = rows[index + 1];
      const continues = index + 1 < end && next !== undefined && next.wrapped;
      output.row(rows[index] as Row, continues, last && !lastEnds && index === end - 1);
    }
    if (clear) buffer.rows = [];
  }
}
