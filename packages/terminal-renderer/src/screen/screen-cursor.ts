import { ScreenState } from './screen-state';

/**
 * The screen's cursor operations: moves (clamped to the screen, and to the scroll region's margins when
 * they start inside it), tab stops, index and reverse index, the saved cursor. Counts default as a terminal
 * defaults them: 0 means 1.
 */
export class ScreenCursor extends ScreenState {
  /**
   * The line CUU `count` takes a cursor on line `y` to: it stops at the scroll region's top margin when it
   * starts inside the region, at the screen's top otherwise. The cursor model the frame simulation moves
   * its own cursor with too.
   */
  lineUp(y: number, count: number): number {
    const room = y - this.buffer.top;
    return Math.max(0, y - (room >= 0 ? Math.min(room, count) : count));
  }

  /** The line CUD `count` takes a cursor on line `y` to (see {@link ScreenCursor.lineUp}). */
  lineDown(y: number, count: number): number {
    const room = this.buffer.bottom - y;
    return Math.min(this.height - 1, y + (room >= 0 ? Math.min(room, count) : count));
  }

  /** Column `x` kept on the screen (off the pending-wrap column). */
  clampColumn(x: number): number {
    return Math.min(this.maxColumn, Math.max(0, x));
  }

  /** Line `y` kept on the screen (outside origin mode). */
  clampLine(y: number): number {
    return Math.min(this.height - 1, Math.max(0, y));
  }

  cursorUp(count: number): void {
    this.restricted();
    this.setCursor(this.buffer.x, this.lineUp(this.buffer.y, count));
  }

  cursorDown(count: number): void {
    this.restricted();
    this.setCursor(this.buffer.x, this.lineDown(this.buffer.y, count));
  }

  cursorForward(count: number): void {
    this.moveCursor(count, 0);
  }

  cursorBackward(count: number): void {
    this.moveCursor(-count, 0);
  }

  /** CNL. */
  nextLine(count: number): void {
    this.cursorDown(count);
    this.moveTo(0, this.buffer.y);
  }

  /** CPL. */
  previousLine(count: number): void {
    this.cursorUp(count);
    this.moveTo(0, this.buffer.y);
  }

  /** CHA, HPA: to column `column` (1-based) of the cursor's line. */
  column(column: number): void {
    this.setCursor(column - 1, this.buffer.y);
  }

  /** CUP, HVP: to line `line` and column `column` (1-based; of the scroll region in origin mode). */
  position(line: number, column: number): void {
    this.setCursorAddressed(column - 1, line - 1);
  }

  /** VPA: to line `line` (1-based; of the scroll region in origin mode), the column kept. */
  line(line: number): void {
    this.setCursorAddressed(this.buffer.x, line - 1);
  }

  /** VPR. */
  lineRelative(count: number): void {
    this.moveCursor(0, count);
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

  /** DECSC, SCOSC: the cursor's place (counted in the screen's history, as xterm.js does) and its modes. */
  saveCursor(): void {
    const buffer = this.buffer;
    buffer.savedX = buffer.x;
    buffer.savedY = buffer.scrolled + buffer.y;
    buffer.savedOrigin = this.origin;
    buffer.savedAutowrap = this.autowrap;
    buffer.savedCursor = true;
  }

  /** DECRC, SCORC. */
  restoreCursor(): void {
    const buffer = this.buffer;
    this.origin = buffer.savedOrigin;
    this.autowrap = buffer.savedAutowrap;
    this.moveTo(buffer.savedX, Math.max(0, buffer.savedY - buffer.scrolled));
    this.restricted();
  }

  protected moveCursor(dx: number, dy: number): void {
    this.restricted();
    this.setCursor(this.buffer.x + dx, this.buffer.y + dy);
  }
}
