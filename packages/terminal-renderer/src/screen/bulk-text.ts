import { copyBytes } from '../bytes';
import type { RowOutput } from '../output/row-output';
import { lineFeedsBackward } from './line-feeds-backward';
import { limitCursorRow } from './line-limit';
import type { Printer } from './printer';
import { CRLF_TERMINATOR, LF_TERMINATOR, type Row } from './row';
import type { Screen } from './screen';

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
/** The held lines' memory: the part handed on is never written again, so a new one comes every few writes, not each. */
const PENDING_ARENA_BYTES = 64 * 1024;
/** Before the first hold: an arena is made when text is first held, not with every renderer. */
const NO_BYTES = new Uint8Array(0);

/**
 * Plain text appended at the end of the main screen, in bulk: of a write's lines only the last screenful
 * is looked at; the lines above it scroll out unseen and go downstream as they came (a view of the write's
 * input). The live lines that follow are kept as their bytes (copied: the writer may reuse its buffer),
 * "pending", and laid out into rows only when something other than more such text comes.
 */
export class BulkText {
  readonly #screen: Screen;
  readonly #printer: Printer;
  /**
   * The live lines as bytes, `#pending[#pendingStart, +#pendingLength)`: while held, they are the screen from
   * its top, and the main screen has no rows. What lies before `#pendingStart` was handed on as a view.
   */
  #pending: Uint8Array = NO_BYTES;
  #pendingStart = 0;
  #pendingLength = 0;
  /** LFs in the pending text: the line of the screen its end is on. */
  #pendingLines = 0;
  #pendingInput = 0;
  #holding = false;
  readonly #feeds: number[] = [];

  constructor(screen: Screen, printer: Printer) {
    this.#screen = screen;
    this.#printer = printer;
  }

  /** Whether the live lines are held as bytes, not laid out into rows yet. */
  get holding(): boolean {
    return this.#holding;
  }

  /**
   * Whether plain text can be appended here: at the end of the main screen's last row, with nothing that
   * would make its lines other than they came (a scroll region, insert mode, tab stops of its own, a right
   * margin without autowrap).
   */
  canAppend(): boolean {
    if (this.#holding) return true;
    const screen = this.#screen;
    const main = screen.main;
    if (screen.buffer !== main || !main.fullRegion || screen.insert || !main.tabs.isDefault) return false;
    if (main.y !== main.rows.length - 1) return false;
    if (screen.cols !== null && (main.x >= screen.cols || !screen.autowrap)) return false;
    const row = main.rows[main.y] as Row;
    return main.x === row.knownColumns() && !(row.wrapped && row.length === 0);
  }

  /**
   * Appends plain text (no control but LF, TAB, NUL and a CRLF's CR; before drawing begins, other C0 controls
   * too) beginning at input offset `inputOffset`; `firstLf` is its first LF (or `end`).
   */
  append(source: Uint8Array, start: number, end: number, inputOffset: number, firstLf: number): void {
    const screen = this.#screen;
    // REP repeats what was printed just before it only: a line feed came between.
    if (firstLf < end) this.#printer.forgetLastCharacter();
    if (firstLf >= end) {
      if (this.#holding && this.#fits(source, start, end, this.#partialBytes())) {
        this.#screen.drewText(source, start, end, firstLf);
        this.#hold(source, start, end);
      } else this.#print(source, start, end, inputOffset);
      return;
    }
    const height = screen.height;
    const main = screen.main;
    // Lines scrolled out count for a saved cursor's line (as xterm.js counts it): beyond two screens it is the top.
    const counted = main.savedCursor ? 2 * height : height;
    const feeds = lineFeedsBackward(screen.ops, source, firstLf, end, counted, this.#feeds);
    if (feeds.length < height) {
      if (this.#holding && this.#fits(source, start, end, this.#partialBytes())) {
        this.#screen.drewText(source, start, end, firstLf);
        this.#join(source, start, end, feeds.length);
      } else this.#print(source, start, end, inputOffset);
      return;
    }
    const cut = (feeds[height - 1] as number) + 1;
    const partial = this.#holding ? this.#partialBytes() : (main.rows[main.y] as Row).columns();
    if (!this.#fits(source, start, cut, partial)) {
      this.#print(source, start, end, inputOffset);
      return;
    }
    this.#screen.drewText(source, start, end, firstLf);
    // Every line up to the screenful at the end is final: the screen's rows, then the text up to the cut.
    const output = screen.output;
    if (this.#holding) {
      main.scrolled += this.#pendingLines;
      this.#handOn(this.#pendingLength);
    } else {
      const rows = main.rows;
      for (let line = 0; line < main.y; line++)
        output.row(rows[line] as Row, (rows[line + 1] as Row).wrapped);
      const row = rows[main.y] as Row;
      main.scrolled += main.y;
      output.startRow(row);
      output.text(row.bytes, 0, row.length, row.sourceStart, row.exact, false);
    }
    main.scrolled += feeds.length - height + 1;
    // The rows made from here on end as the last line feed did, as after a line feed of the screen's.
    const lastLf = feeds[0] as number;
    screen.lineEnd = lastLf > start && source[lastLf - 1] === CR ? CRLF_TERMINATOR : LF_TERMINATOR;
    output.text(source, start, cut, inputOffset, true, true);
    main.rows = [];
    main.x = 0;
    main.y = 0;
    this.#holding = false;
    this.#pendingLength = 0;
    if (end - cut <= screen.maxLineBytes && this.#fits(source, cut, end, 0)) {
      this.#hold(source, cut, end);
      this.#holding = true;
      this.#pendingLines = height - 1;
      this.#pendingInput = inputOffset + cut - start;
      return;
    }
    this.#printLines(source, cut, end, inputOffset + cut - start);
  }

  /** Lays the held lines out into rows, as printing them would have. */
  materialize(): void {
    if (!this.#holding) return;
    this.#holding = false;
    // The printer remembers where it found a TAB in the buffer it last printed, and this one has changed since.
    this.#printer.forget();
    const main = this.#screen.main;
    main.rows = [];
    main.x = 0;
    main.y = 0;
    this.#screen.inputOffset = this.#pendingInput;
    const start = this.#pendingStart;
    this.#printLines(this.#pending, start, start + this.#pendingLength, this.#pendingInput);
    this.#pendingLength = 0;
  }

  /** At the end of the input: the held lines go downstream as they are (they end at the cursor). */
  flush(): void {
    if (!this.#holding) return;
    this.#holding = false;
    this.#handOn(this.#pendingLength);
  }

  /** What {@link flush} would hand `output` (a view's own), the held lines staying held. */
  view(output: RowOutput): void {
    if (!this.#holding) return;
    const start = this.#pendingStart;
    output.text(this.#pending, start, start + this.#pendingLength, this.#pendingInput, true, false);
  }

  /** Joins text of fewer than a screenful of lines to the held ones; the lines that scroll out go downstream. */
  #join(source: Uint8Array, start: number, end: number, lines: number): void {
    this.#hold(source, start, end);
    const scrolled = this.#pendingLines + lines - this.#screen.height + 1;
    this.#pendingLines += lines;
    if (scrolled <= 0) return;
    const ops = this.#screen.ops;
    let from = this.#pendingStart;
    for (let line = 0; line < scrolled; line++) from = ops.indexOf(this.#pending, LF, from) + 1;
    this.#handOn(from - this.#pendingStart);
    this.#screen.main.scrolled += scrolled;
    this.#pendingLines = this.#screen.height - 1;
  }

  #hold(source: Uint8Array, start: number, end: number): void {
    const length = this.#pendingLength + end - start;
    if (this.#pendingStart + length > this.#pending.length) {
      const arena = new Uint8Array(Math.max(PENDING_ARENA_BYTES, 2 * length));
      copyBytes(this.#pending, this.#pendingStart, this.#pendingStart + this.#pendingLength, arena, 0);
      this.#pending = arena;
      this.#pendingStart = 0;
    }
    copyBytes(source, start, end, this.#pending, this.#pendingStart + this.#pendingLength);
    this.#pendingLength = length;
  }

  /** Hands on the first `length` bytes of the held lines as a view: that memory is not written again. */
  #handOn(length: number): void {
    const start = this.#pendingStart;
    this.#screen.output.text(this.#pending, start, start + length, this.#pendingInput, true, true);
    this.#pendingStart += length;
    this.#pendingLength -= length;
    this.#pendingInput += length;
  }

  /** Prints the text as a terminal would, line by line, after the held lines. */
  #print(source: Uint8Array, start: number, end: number, inputOffset: number): void {
    this.materialize();
    this.#printLines(source, start, end, inputOffset);
  }

  #printLines(source: Uint8Array, start: number, end: number, inputOffset: number): void {
    const screen = this.#screen;
    for (let at = start; ; ) {
      let lf = screen.ops.indexOf(source, LF, at);
      if (lf === -1 || lf > end) lf = end;
      const crlf = lf < end && lf > at && source[lf - 1] === CR;
      this.#printer.print(source, at, crlf ? lf - 1 : lf, inputOffset + at - start);
      if (lf === end) return;
      this.#printer.forgetLastCharacter();
      limitCursorRow(screen);
      screen.inputOffset = inputOffset + lf + 1 - start;
      screen.lineFeed(crlf);
      at = lf + 1;
    }
  }

  /** Bytes of the held text's last line (its cells at most). */
  #partialBytes(): number {
    const end = this.#pendingStart + this.#pendingLength;
    const lf = Math.max(this.#screen.ops.lastIndexOf(this.#pending, LF, end - 1), this.#pendingStart - 1);
    return end - lf - 1;
  }

  /**
   * Whether the lines of `source[start, end)`, the first after `before` cells, each fit the right margin as
   * they came (no TAB, no more bytes than columns): then no row of theirs wraps and their bytes are their rows.
   */
  #fits(source: Uint8Array, start: number, end: number, before: number): boolean {
    const cols = this.#screen.cols;
    if (cols === null) return true;
    const ops = this.#screen.ops;
    const tab = ops.indexOf(source, TAB, start);
    if (tab !== -1 && tab < end) return false;
    // A search per margin's width, not per line: the last LF within a line's reach ends it and every line
    // between, each shorter than the reach (40-byte lines at 120 columns: a search per three lines).
    let columns = before;
    for (let at = start; at < end; ) {
      // Where the LF of a line from `at` may be at the furthest: after `cols - columns` bytes and a CR.
      const reach = at + cols - columns + 1;
      const lf = ops.lastIndexOf(source, LF, Math.min(reach, end - 1));
      // No LF within reach: the rest is the last line if it ends before the reach, else a line too long.
      if (lf < at) return end - 1 <= reach && columns + end - at <= cols;
      // An LF at the reach ends a line one byte too long unless a CR comes before it, or a line began after `at`.
      if (lf === reach && !(lf > at && source[lf - 1] === CR) && ops.lastIndexOf(source, LF, lf - 1) < at)
        return false;
      columns = 0;
      at = lf + 1;
    }
    return true;
  }
}
