import { ScreenState } from './screen-state';

/** A cursor's place: column `x`, screen line `y`. */
export interface CursorPlace {
  x: number;
  y: number;
}

/**
 * A cursor move, defined once: the screen moves its cursor with it ({@link ScreenCursor.move}) and the frame
 * simulation moves its own. `target` takes `place` where the sequence's arguments (counts already defaulted)
 * send it; the screen then keeps it on the screen ({@link ScreenCursor.restrict}).
 */
export interface CursorMove {
  /** The cursor is first kept on the screen (off the pending-wrap column), a move of its own (CUU to CUB, VPR). */
  readonly restrictsFirst: boolean;
  readonly target: (place: CursorPlace, first: number, second: number) => void;
}

/** A move of `count` times (`dx`, `dy`), kept on the screen first. */
function byCount(dx: number, dy: number): CursorMove {
  return {
    restrictsFirst: true,
    target: (place, count) => {
      place.x += dx * count;
      place.y += dy * count;
    },
  };
}

/**
 * The screen's cursor operations: moves (clamped to the screen, and to the scroll region's margins when
 * they start inside it), tab stops, index and reverse index, the saved cursor. Counts default as a terminal
 * defaults them: 0 means 1.
 */
export class ScreenCursor extends ScreenState {
  /** CUU `count`: it stops at the scroll region's top margin when it starts inside the region, at the screen's top otherwise. */
  readonly up: CursorMove = {
    restrictsFirst: true,
    target: (place, count) => {
      place.y = this.lineUp(place.y, count);
    },
  };
  /** CUD `count` (see {@link ScreenCursor.up}). */
  readonly down: CursorMove = {
    restrictsFirst: true,
    target: (place, count) => {
      place.y = this.lineDown(place.y, count);
    },
  };
  /** CUF, HPR `count`. */
  readonly forward = byCount(1, 0);
  /** CUB `count`. */
  readonly backward = byCount(-1, 0);
  /** VPR `count`. */
  readonly downRelative = byCount(0, 1);
  /** CHA, HPA: to column `column` (1-based) of the cursor's line. */
  readonly toColumn: CursorMove = {
    restrictsFirst: false,
    target: (place, column) => {
      place.x = column - 1;
    },
  };
  /** VPA: to line `line` (1-based; of the scroll region in origin mode), the column kept. */
  readonly toLine: CursorMove = {
    restrictsFirst: false,
    target: (place, line) => {
      place.y = this.addressedLine(line - 1);
    },
  };
  /** CUP, HVP: to line `line` and column `column` (1-based; of the scroll region in origin mode). */
  readonly toPosition: CursorMove = {
    restrictsFirst: false,
    target: (place, line, column) => {
      place.x = column - 1;
      place.y = this.addressedLine(line - 1);
    },
  };
  readonly #place: CursorPlace = { x: 0, y: 0 };

  /** The line CUU `count` takes a cursor on line `y` to (see {@link ScreenCursor.up}). */
  lineUp(y: number, count: number): number {
    const room = y - this.buffer.top;
    return Math.max(0, y - (room >= 0 ? Math.min(room, count) : count));
  }

  /** The line CUD `count` takes a cursor on line `y` to (see {@link ScreenCursor.up}). */
  lineDown(y: number, count: number): number {
    const room = this.buffer.bottom - y;
    return Math.min(this.height - 1, y + (room >= 0 ? Math.min(room, count) : count));
  }

  /** Keeps `place` on the screen, off the pending-wrap column (inside the margins in origin mode), as every move does. */
  restrict(place: CursorPlace): void {
    place.x = this.clampColumn(place.x);
    place.y = this.clampLine(place.y);
  }

  /** Moves the cursor by `move` with arguments `first`, `second`. */
  move(move: CursorMove, first: number, second = 0): void {
    if (move.restrictsFirst) this.restricted();
    const place = this.#place;
    place.x = this.buffer.x;
    place.y = this.buffer.y;
    move.target(place, first, second);
    this.setCursor(place.x, place.y);
  }

  /** CNL. */
  nextLine(count: number): void {
    this.move(this.down, count);
    this.moveTo(0, this.buffer.y);
  }

  /** CPL. */
  previousLine(count: number): void {
    this.move(this.up, count);
    this.moveTo(0, this.buffer.y);
  }

  carriageReturn(): void {
    this.moveTo(0, this.buffer.y);
  }

  backspace(): void {
    this.restricted();
    if (this.buffer.x > 0) this.moveTo(this.buffer.x - 1, this.buffer.y);
  }

  /** NEL. */
  nextLineControl(): void {
    this.moveTo(0, this.buffer.y);
    this.index();
  }

  /** RI: up a line, scrolling the region down at its top margin. */
  reverseIndex(): void {
    this.restricted();
    const buffer = this.buffer;
    if (buffer.y === buffer.top) buffer.scrollDown(1);
    else this.setCursor(buffer.x, buffer.y - 1);
  }

  /** CHT. */
  tabForward(count: number): void {
    const buffer = this.buffer;
    if (this.cols !== null && buffer.x >= this.cols) return;
    let x = buffer.x;
    for (let stop = 0; stop < count; stop++) x = buffer.tabs.next(x);
    this.moveTo(x, buffer.y);
  }

  /** CBT. */
  tabBackward(count: number): void {
    const buffer = this.buffer;
    if (this.cols !== null && buffer.x >= this.cols) return;
    let x = buffer.x;
    for (let stop = 0; stop < count; stop++) x = buffer.tabs.previous(x);
    this.moveTo(x, buffer.y);
  }

  /** HTS. */
  setTabStop(): void {
    this.buffer.tabs.set(this.buffer.x);
  }

  /** TBC: 0 clears the stop at the cursor, 3 every stop. */
  clearTabStop(mode: number): void {
    if (mode === 0) this.buffer.tabs.clear(this.buffer.x);
    else if (mode === 3) this.buffer.tabs.clearAll();
  }

  /**
   * DECSC, SCOSC: the cursor's place (counted in the screen's history, as xterm.js does) and origin mode; not
   * autowrap, which xterm and xterm.js leave as it is on DECRC.
   */
  saveCursor(): void {
    const buffer = this.buffer;
    buffer.savedX = buffer.x;
    buffer.savedY = buffer.scrolled + buffer.y;
    buffer.savedOrigin = this.origin;
    buffer.savedCursor = true;
  }

  /** DECRC, SCORC. */
  restoreCursor(): void {
    const buffer = this.buffer;
    this.origin = buffer.savedOrigin;
    this.moveTo(buffer.savedX, Math.max(0, buffer.savedY - buffer.scrolled));
    // Then kept on the screen (see restrict), a move of its own: the frame simulation restores its cursor so too.
    this.restricted();
  }
}
