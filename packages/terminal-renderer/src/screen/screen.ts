import type { Row } from './row';
import { ScreenCursor } from './screen-cursor';

/**
 * What a redraw frame that is not drawn leaves on the screen (the frame simulation's `FrameEffects`): all
 * but its cells, which the next frame sets.
 */
export interface FrameOutcome {
  /** Row effects in order: `row`, then 1 + terminator (a line feed on it) or 0 (its wrap cleared). */
  readonly rowFlags: { readonly values: Float64Array; readonly length: number };
  /** Every row from this one down was erased (ED 0): -1 for none. */
  readonly erasedFrom: number;
  /** The cursor it saved, when `saved`. */
  readonly saved: boolean;
  readonly savedX: number;
  readonly savedY: number;
  /** The style of its last line feed (0: none). */
  readonly lineEnd: number;
  /** The cursor it left, and whether it had moved back since its last write. */
  readonly x: number;
  readonly y: number;
  readonly rewound: boolean;
  /** The redraws it made. */
  readonly redraws: number;
}

/**
 * The terminal screen: every operation the parser's handlers apply, as xterm.js applies it (see the README
 * for where the renderer differs): the cursor's ({@link ScreenCursor}), and here the edits, margins, modes
 * and resets. Counts default as a terminal defaults them: 0 means 1.
 */
export class Screen extends ScreenCursor {
  /**
   * EL: 0 erases from the cursor to the end of the line, 1 from its start through the cursor, 2 all of it.
   * From the pending wrap at the right margin it acts from the last column, as xterm does (xterm.js erases nothing).
   */
  eraseInLine(mode: number): void {
    // The cursor leaves the margin whatever the mode, as xterm.js's EL does before it reads it.
    this.restricted();
    if (mode > 2) return;
    this.drew();
    this.#eraseLine(this.cursorRow(), mode, false);
  }

  /** ED: 0 erases from the cursor to the end of the screen, 1 from its start through the cursor, 2 all of it. */
  eraseInDisplay(mode: number): void {
    if (mode > 2) return;
    this.restricted(this.cols ?? this.maxColumn);
    this.drew();
    const buffer = this.buffer;
    const rows = buffer.rows;
    if (mode === 2) {
      for (const row of rows) clearRow(row);
      return;
    }
    this.#eraseLine(this.cursorRow(), mode, mode === 1);
    if (mode === 0) {
      for (let line = buffer.y + 1; line < rows.length; line++) clearRow(rows[line] as Row);
      return;
    }
    const next = rows[buffer.y + 1];
    if (next !== undefined && this.cols !== null && buffer.x + 1 >= this.cols) next.wrapped = false;
    for (let line = 0; line < buffer.y; line++) clearRow(rows[line] as Row);
  }

  /** ECH. */
  eraseCharacters(count: number): void {
    this.restricted();
    this.drew();
    this.cursorRow().eraseCells(this.buffer.x, count);
  }

  /** ICH. */
  insertCharacters(count: number): void {
    this.restricted();
    this.cursorRow().insertBlanks(this.buffer.x, count, this.cols ?? Number.POSITIVE_INFINITY);
  }

  /** DCH. */
  deleteCharacters(count: number): void {
    this.restricted();
    this.drew();
    this.cursorRow().deleteCells(this.buffer.x, count);
  }

  /** IL. */
  insertLines(count: number): void {
    this.restricted();
    const buffer = this.buffer;
    if (buffer.y < buffer.top || buffer.y > buffer.bottom) return;
    buffer.insertLines(count);
    this.moveTo(0, buffer.y);
  }

  /** DL. */
  deleteLines(count: number): void {
    this.restricted();
    const buffer = this.buffer;
    if (buffer.y < buffer.top || buffer.y > buffer.bottom) return;
    this.drew();
    buffer.deleteLines(count);
    this.moveTo(0, buffer.y);
  }

  /** SU. */
  scrollUp(count: number): void {
    this.buffer.scrollUp(count);
  }

  /** SD. */
  scrollDown(count: number): void {
    this.buffer.scrollDown(count);
  }

  /**
   * SL, SR, DECIC, DECDC: the region's lines lose (`delete`) or gain blank cells at `column`, when the
   * cursor is inside the region.
   */
  shiftColumns(column: number, count: number, remove: boolean): void {
    const buffer = this.buffer;
    if (buffer.y < buffer.top || buffer.y > buffer.bottom) return;
    const limit = this.cols ?? Number.POSITIVE_INFINITY;
    for (let line = buffer.top; line <= buffer.bottom && line < buffer.rows.length; line++) {
      const row = buffer.rows[line] as Row;
      if (remove) row.deleteCells(column, count);
      else row.insertBlanks(column, count, limit);
      row.wrapped = false;
    }
  }

  /** DECSTBM: the scroll region from line `top` to line `bottom` (1-based; 0 or missing: the screen's). */
  setScrollRegion(top: number, bottom: number): void {
    const first = Math.max(top, 1);
    const last = bottom === 0 || bottom > this.height ? this.height : bottom;
    if (last <= first) return;
    this.buffer.top = first - 1;
    this.buffer.bottom = last - 1;
    this.setCursorAddressed(0, 0);
  }

  /** SM and RM: IRM (4), LNM (20). */
  setMode(mode: number, on: boolean): void {
    if (mode === 4) this.insert = on;
    else if (mode === 20) this.newline = on;
  }

  /** DECSET and DECRST: DECOM (6), DECAWM (7), the alternate screen (47, 1047, 1049) and the saved cursor (1048, 1049). */
  setPrivateMode(mode: number, on: boolean): void {
    if (mode === 6) {
      this.origin = on;
      this.setCursorAddressed(0, 0);
    } else if (mode === 7) {
      this.autowrap = on;
    } else if (mode === 47 || mode === 1047) {
      this.useAlternate(on);
    } else if (mode === 1048) {
      if (on) this.saveCursor();
      else this.restoreCursor();
    } else if (mode === 1049) {
      if (on) this.saveCursor();
      this.useAlternate(on);
      if (!on) this.restoreCursor();
    }
  }

  /** DECALN: every line of the screen filled with `E`. */
  alignmentPattern(): void {
    this.setCursor(0, 0);
    if (this.cols === null) return;
    for (let line = 0; line < this.height; line++) {
      const row = this.buffer.rowAt(line);
      row.fill(0x45, this.cols);
      row.wrapped = false;
    }
  }

  /** DECSTR: modes, margins and the saved cursor back to their defaults; the screen stays. */
  softReset(): void {
    this.insert = false;
    this.origin = false;
    this.autowrap = true;
    this.newline = false;
    const buffer = this.buffer;
    buffer.top = 0;
    buffer.bottom = this.height - 1;
    buffer.savedX = 0;
    buffer.savedY = buffer.scrolled;
    buffer.savedOrigin = false;
  }

  /** RIS: a fresh terminal. The screen's lines are erased; lines already final stay as they were. */
  reset(): void {
    this.softReset();
    this.useAlternate(false);
    this.main.reset();
    this.main.rowAt(0);
    // Whether the rows dropped were still held or already drawn as text decides nothing: no row continues.
    this.output.endContinuation(this.inputOffset);
    this.rewound = false;
  }

  /** Leaves the screen as a redraw frame that is not drawn would: its line ends, wraps, cursor and counts, not its cells. */
  applyFrame(frame: FrameOutcome): void {
    const buffer = this.buffer;
    const flags = frame.rowFlags.values;
    for (let index = 0; index < frame.rowFlags.length; index += 2) {
      const row = buffer.rowAt(flags[index] as number);
      const flag = flags[index + 1] as number;
      if (flag === 0) row.wrapped = false;
      else row.terminator = (flag - 1) as 1 | 2;
    }
    if (frame.erasedFrom !== -1)
      for (let line = frame.erasedFrom; line < buffer.rows.length; line++)
        (buffer.rows[line] as Row).wrapped = false;
    if (frame.saved) {
      // As saveCursor saves it: a frame is simulated only outside origin mode.
      buffer.savedX = frame.savedX;
      buffer.savedY = buffer.scrolled + frame.savedY;
      buffer.savedOrigin = false;
      buffer.savedCursor = true;
    }
    if (frame.lineEnd !== 0) this.lineEnd = frame.lineEnd as 1 | 2;
    buffer.x = frame.x;
    buffer.y = frame.y;
    buffer.rowAt(frame.y);
    this.rewound = frame.rewound;
    this.framesOverwritten += frame.redraws;
  }

  #eraseLine(row: Row, mode: number, unwrap: boolean): void {
    const x = this.buffer.x;
    if (mode === 0) {
      row.eraseCells(x, Number.POSITIVE_INFINITY);
      if (x === 0) row.wrapped = false;
    } else if (mode === 1) {
      row.eraseLeft(x);
      if (unwrap) row.wrapped = false;
    } else {
      clearRow(row);
    }
  }
}

function clearRow(row: Row): void {
  row.clear();
  row.wrapped = false;
}
