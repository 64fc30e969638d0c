import { utf8SequenceLength } from '@pipeguard/shared';
import { copyBytes } from './copy-bytes';
import { lineFeedsBackward } from './line-feeds-backward';
import { Row, TAB_STOP, type Terminator } from './row';

const LF = 0x0a;
const CR = 0x0d;
const TAB_BYTE = Buffer.from([0x09]);
/** Bytes past which a line drawn over (not appended to) is cut at once, not at the next control. */
const RUNAWAY_BYTES = 64 * 1024;
/** `cursorColumn` when the cursor sits just past the row's last cell, not yet counted. */
export const AT_END = -1;

/** Receives committed output: `source[start, end)`, from input offset `inputStart` (exactly or as a line). */
export type Emit = (
  source: Buffer,
  start: number,
  end: number,
  inputStart: number,
  exact: boolean,
  stable: boolean,
) => void;

const EMPTY = Buffer.alloc(0);

const TERMINATORS: readonly Buffer[] = [Buffer.alloc(0), Buffer.from('\n'), Buffer.from('\r\n')];

/**
 * The most recent `maxLiveLines` lines, as the screen of a terminal that tall and infinitely wide: the
 * cursor moves within them, and a line that scrolls off the top is final and goes downstream at once.
 */
export class LiveRegion {
  readonly #maxLines: number;
  readonly #maxLineBytes: number;
  readonly #runawayBytes: number;
  readonly #emit: Emit;
  /** The live rows; none while the live lines are pending text (an empty screen is pending text of no bytes). */
  rows: Row[] = [];
  cursorRow = 0;
  cursorColumn = AT_END;
  #savedRow = 0;
  #savedColumn = 0;
  /** Set by a move back over drawn cells; the next write or erase over them counts one redraw. */
  #rewound = false;
  framesOverwritten = 0;
  /**
   * The live lines as the input's own bytes, not yet copied into rows: plain text whose live lines all lay in
   * one chunk (the input is not modified after it is written). Rows are made of them only when something
   * other than more such text comes; until then `rows` is empty and the cursor at their end.
   */
  #pendingSource: Buffer | null = EMPTY;
  #pendingStart = 0;
  #pendingEnd = 0;
  #pendingInput = 0;
  /** Text with no LF that came after the pending text (a character cut by a chunk's end): copied, as it is small. */
  #extra = Buffer.allocUnsafe(64);
  #extraLength = 0;
  /** The line feeds of the text being appended, reused from chunk to chunk. */
  readonly #feeds: number[] = [];

  constructor(maxLines: number, maxLineBytes: number, emit: Emit) {
    this.#maxLines = maxLines;
    this.#maxLineBytes = maxLineBytes;
    this.#runawayBytes = Math.max(4 * maxLineBytes, RUNAWAY_BYTES);
    this.#emit = emit;
  }

  get #row(): Row {
    return this.rows[this.cursorRow] as Row;
  }

  /** Whether the live lines are still the input's own bytes, held as they came (no rows laid out). */
  holdsInputText(): boolean {
    return this.#pendingSource !== null;
  }

  /** Whether text goes on the end of the last row, so that it can be appended without looking at it. */
  appending(): boolean {
    if (this.#pendingSource !== null) return true;
    if (this.cursorRow !== this.rows.length - 1) return false;
    if (this.cursorColumn !== AT_END && this.cursorColumn === this.#row.columns()) this.cursorColumn = AT_END;
    return this.cursorColumn === AT_END;
  }

  /** Bytes the cursor's row holds. */
  cursorRowBytes(): number {
    this.#materialize();
    return this.#row.length;
  }

  column(): number {
    this.#materialize();
    return this.cursorColumn === AT_END ? this.#row.columns() : this.cursorColumn;
  }

  /** Marks the cursor's row as no longer its input's bytes one for one (something was removed or moved). */
  touch(): void {
    this.#materialize();
    const row = this.#row;
    row.exact = false;
    // Lays out what the row holds now: bytes on either side of what was removed are separate characters
    // (a lone 0xC2, a removed control, then 0x80 are two cells, not U+0080), however the input is chunked.
    row.columns();
  }

  /**
   * Appends plain text (no control but LF, TAB and NUL) at the end of the last row, in bulk: only the
   * last `maxLiveLines` lines of it are copied into rows, the rest is committed as it stands.
   */
  appendText(source: Buffer, start: number, end: number, inputOffset: number, firstLf: number): void {
    if (firstLf >= end) {
      const pending = this.#pendingEnd - this.#pendingStart + this.#extraLength;
      if (this.#pendingSource !== null && pending + end - start <= this.#maxLineBytes) {
        this.#addExtra(source, start, end);
        return;
      }
      this.#materialize();
      this.#appendLong(source, start, end, inputOffset);
      return;
    }
    this.#rewound = false;
    const feeds = lineFeedsBackward(source, firstLf, end, this.#maxLines, this.#feeds);
    const lines = feeds.length;
    if (lines < this.#maxLines && this.#pendingSource !== null) {
      const held = this.#pendingEnd - this.#pendingStart + this.#extraLength;
      if (held + end - start <= this.#maxLineBytes) {
        this.#joinPending(source, start, end, lines);
        return;
      }
    }
    let next = start;
    if (lines === this.#maxLines) {
      // Every current row and the text up to the oldest live line's start are final.
      const cut = feeds[lines - 1] as number;
      if (this.#pendingSource !== null) {
        this.#emit(this.#pendingSource, this.#pendingStart, this.#pendingEnd, this.#pendingInput, true, true);
        const extraInput = this.#pendingInput + this.#pendingEnd - this.#pendingStart;
        this.#emit(this.#extra, 0, this.#extraLength, extraInput, true, false);
        this.#extraLength = 0;
      } else {
        this.#commitRows(this.rows.length - 1);
        const row = this.#row;
        this.#emit(row.bytes, 0, row.length, row.sourceStart, row.exact, false);
      }
      this.#emit(source, start, cut + 1, inputOffset, true, true);
      this.rows = [];
      next = cut + 1;
      // Live lines that no cut can reach stay in the chunk, uncopied, until something draws on them.
      if (end - next <= this.#maxLineBytes) {
        this.#pendingSource = source;
        this.#pendingStart = next;
        this.#pendingEnd = end;
        this.#pendingInput = inputOffset + next - start;
        this.cursorRow = lines - 1;
        this.cursorColumn = AT_END;
        return;
      }
      this.#pendingSource = null;
      feeds.pop();
    } else {
      this.#materialize();
      const excess = this.rows.length + lines - this.#maxLines;
      if (excess > 0) this.#commitRows(excess);
      const lf = feeds.pop() as number;
      this.#endRow(source, start, lf, lf > start && source[lf - 1] === CR);
      next = lf + 1;
    }
    // The rows of the live lines, oldest first.
    while (feeds.length > 0) {
      const lf = feeds.pop() as number;
      const row = new Row(inputOffset + next - start, true, Math.max(128, lf - next));
      this.rows.push(row);
      this.#endRow(source, next, lf, lf > next && source[lf - 1] === CR);
      next = lf + 1;
    }
    const last = new Row(inputOffset + next - start, true, Math.max(128, end - next));
    last.append(source, next, end);
    this.rows.push(last);
    this.cursorRow = this.rows.length - 1;
    this.cursorColumn = AT_END;
    for (let index = 0; index < this.rows.length; index++) {
      // A row cut commits the rows above it: the loop goes on from the row after the one just cut.
      const rows = this.rows.length;
      this.#limit(index);
      index -= rows - this.rows.length;
    }
  }

  /**
   * Appends text with no LF to the last row. When the row and the text come to more than `maxLineBytes`,
   * they are cut as {@link LiveRegion.limitCursorRow} would cut them after a copy, without the copy:
   * the input's part goes downstream as it is.
   */
  #appendLong(source: Buffer, start: number, end: number, inputOffset: number): void {
    const row = this.#row;
    const held = row.length;
    const total = held + end - start;
    if (total <= this.#maxLineBytes) {
      row.append(source, start, end);
      return;
    }
    const byteAt = (at: number) =>
      at < held ? (row.bytes[at] as number) : (source[start + at - held] as number);
    let cut = 0;
    while (total - cut > this.#maxLineBytes) {
      const next = characterBoundaryBefore(byteAt, cut + this.#maxLineBytes, cut);
      if (cut === 0) this.#commitRows(this.cursorRow);
      if (cut < held) {
        const inputStart = row.exact ? row.sourceStart + cut : row.sourceStart;
        this.#emit(row.bytes, cut, Math.min(held, next), inputStart, row.exact, false);
      }
      if (next > held) {
        const from = Math.max(cut, held) - held;
        this.#emit(source, start + from, start + next - held, inputOffset + from, true, true);
      }
      cut = next;
    }
    if (cut < held) {
      row.dropHead(cut);
      row.append(source, start, end);
      return;
    }
    const exact = row.exact && row.sourceStart + held === inputOffset;
    row.clear();
    row.sourceStart = inputOffset + cut - held;
    row.exact = exact;
    row.append(source, start + cut - held, end);
  }

  /**
   * Appends text with fewer than `maxLiveLines` lines to the pending text: both are joined in a copy, which
   * stays pending but for the lines that scroll out, committed at once. A terminal or a pipe read gives
   * some KiB at a time, and a row per line of every such read would cost far more than the copy.
   */
  #joinPending(source: Buffer, start: number, end: number, lines: number): void {
    const pending = this.#pendingSource as Buffer;
    const heldBytes = this.#pendingEnd - this.#pendingStart + this.#extraLength;
    const joined = Buffer.allocUnsafe(heldBytes + end - start);
    copyBytes(pending, this.#pendingStart, this.#pendingEnd, joined, 0);
    copyBytes(this.#extra, 0, this.#extraLength, joined, heldBytes - this.#extraLength);
    copyBytes(source, start, end, joined, heldBytes);
    this.#extraLength = 0;
    // Pending text holds as many LFs as the cursor's row number; the new text's `lines` were all counted.
    let from = 0;
    if (this.cursorRow + lines >= this.#maxLines) {
      const feeds = lineFeedsBackward(joined, 0, heldBytes, this.#maxLines - lines, this.#feeds);
      from = (feeds[feeds.length - 1] as number) + 1;
      this.#emit(joined, 0, from, this.#pendingInput, true, true);
    }
    this.#pendingSource = joined;
    this.#pendingStart = from;
    this.#pendingEnd = joined.length;
    this.#pendingInput += from;
    this.cursorRow = Math.min(this.cursorRow + lines, this.#maxLines - 1);
    this.cursorColumn = AT_END;
  }

  /** Copies the pending text into rows, as {@link LiveRegion.appendText} would have made them. */
  #materialize(): void {
    const source = this.#pendingSource;
    if (source === null) return;
    this.#pendingSource = null;
    const start = this.#pendingStart;
    const end = this.#pendingEnd;
    let next = start;
    for (let lf = source.indexOf(LF, next); lf !== -1 && lf < end; lf = source.indexOf(LF, next)) {
      this.rows.push(new Row(this.#pendingInput + next - start, true, Math.max(128, lf - next)));
      this.#endRow(source, next, lf, lf > next && source[lf - 1] === CR);
      next = lf + 1;
    }
    const last = new Row(this.#pendingInput + next - start, true, Math.max(128, end - next));
    last.append(source, next, end);
    last.append(this.#extra, 0, this.#extraLength);
    this.#extraLength = 0;
    this.rows.push(last);
    this.cursorRow = this.rows.length - 1;
    this.cursorColumn = AT_END;
  }

  #addExtra(source: Buffer, start: number, end: number): void {
    const length = this.#extraLength + end - start;
    if (length > this.#extra.length) {
      const grown = Buffer.allocUnsafe(Math.max(length, this.#extra.length * 2));
      copyBytes(this.#extra, 0, this.#extraLength, grown, 0);
      this.#extra = grown;
    }
    copyBytes(source, start, end, this.#extra, this.#extraLength);
    this.#extraLength = length;
  }

  /** Adds `source[start, lf)` to the last row and ends it there (without the CR of a CRLF). */
  #endRow(source: Buffer, start: number, lf: number, crlf: boolean): void {
    const row = this.rows[this.rows.length - 1] as Row;
    row.append(source, start, crlf && lf > start ? lf - 1 : lf);
    row.terminator = crlf ? 2 : 1;
  }

  /** Writes `width` cells of text (no controls) at the cursor, overwriting. */
  write(source: Buffer, start: number, end: number, width: number, simple: boolean): void {
    this.#materialize();
    const row = this.#row;
    const column = this.column();
    const columns = row.columns();
    if (column < columns) this.#redraw();
    row.write(column, source, start, end, width, simple);
    row.exact = false;
    this.cursorColumn = column + width >= columns ? AT_END : column + width;
    // Only a runaway line is cut here: elsewhere the cut waits for the next control, so that it falls where the input's bytes say, however they were chunked.
    if (row.length > this.#runawayBytes) this.limitCursorRow();
  }

  tab(): void {
    this.#materialize();
    const column = this.column();
    const stop = column + TAB_STOP - (column % TAB_STOP);
    if (column >= this.#row.columns()) this.write(TAB_BYTE, 0, 1, stop - column, false);
    else this.cursorColumn = stop;
  }

  lineFeed(crlf: boolean, inputOffset: number): void {
    this.#materialize();
    this.#rewound = false;
    if (this.cursorRow < this.rows.length - 1) {
      this.cursorRow++;
    } else {
      const last = this.rows[this.rows.length - 1] as Row;
      last.terminator = (crlf ? 2 : 1) as Terminator;
      this.rows.push(new Row(inputOffset, true));
      if (this.rows.length > this.#maxLines) this.#commitRows(1);
      this.cursorRow = this.rows.length - 1;
    }
    this.cursorColumn = 0;
  }

  carriageReturn(): void {
    this.#materialize();
    this.cursorColumn = 0;
    this.#rewound = true;
  }

  backspace(): void {
    this.#materialize();
    this.cursorColumn = Math.max(0, this.column() - 1);
    this.#rewound = true;
  }

  moveColumn(column: number): void {
    this.#materialize();
    const target = Math.max(0, Math.min(column, this.#maxLineBytes));
    if (target < this.column()) this.#rewound = true;
    this.cursorColumn = target;
  }

  moveRow(row: number, inputOffset: number): void {
    this.#materialize();
    const column = this.column();
    const target = Math.max(0, Math.min(row, this.#maxLines - 1));
    if (target < this.cursorRow) this.#rewound = true;
    while (this.rows.length <= target) this.lineFeedAtBottom(inputOffset);
    this.cursorRow = target;
    this.cursorColumn = column;
  }

  /** Adds an empty row below the last (a cursor moved down past the drawn lines, as on a tall screen). */
  lineFeedAtBottom(inputOffset: number): void {
    this.#materialize();
    (this.rows[this.rows.length - 1] as Row).terminator = 1;
    this.rows.push(new Row(inputOffset, false));
  }

  /** EL: 0 erases right of the cursor, 1 left of it (inclusive), 2 the whole line. */
  eraseInLine(mode: number): void {
    this.#materialize();
    const row = this.#row;
    const column = this.column();
    if (row.length === 0) return;
    if (mode !== 0 || column < row.columns()) this.#redraw();
    row.exact = false;
    if (mode === 0) row.eraseRight(column);
    else if (mode === 1) row.eraseLeft(column);
    else if (mode === 2) row.clear();
    this.cursorColumn = column;
  }

  /** ED: 0 erases below the cursor, 1 above it, 2 the whole live region. */
  eraseInDisplay(mode: number): void {
    this.#materialize();
    if (mode > 2) return;
    const below = mode === 0 || mode === 2;
    const above = mode === 1 || mode === 2;
    for (let index = 0; index < this.rows.length; index++) {
      const row = this.rows[index] as Row;
      if ((index > this.cursorRow && below) || (index < this.cursorRow && above)) {
        if (row.length > 0) this.#redraw();
        row.clear();
        row.exact = false;
      }
    }
    this.eraseInLine(mode);
  }

  saveCursor(): void {
    this.#materialize();
    this.#savedRow = this.cursorRow;
    this.#savedColumn = this.column();
  }

  restoreCursor(inputOffset: number): void {
    this.#materialize();
    this.moveRow(this.#savedRow, inputOffset);
    this.moveColumn(this.#savedColumn);
  }

  /** Emits every row, the last without a terminator: the end of the input. */
  flush(): void {
    this.#materialize();
    this.#commitRows(this.rows.length);
  }

  #redraw(): void {
    if (!this.#rewound) return;
    this.#rewound = false;
    this.framesOverwritten++;
  }

  #commitRows(count: number): void {
    for (let index = 0; index < count; index++) {
      const row = this.rows[index] as Row;
      this.#emit(row.bytes, 0, row.length, row.sourceStart, row.exact, false);
      const terminator = TERMINATORS[row.terminator] as Buffer;
      const inputStart = row.exact ? row.sourceStart + row.length : row.sourceStart;
      this.#emit(terminator, 0, terminator.length, inputStart, row.exact, true);
    }
    this.rows.splice(0, count);
    this.cursorRow -= count;
    this.#savedRow = Math.max(0, this.#savedRow - count);
    if (this.rows.length === 0) this.rows.push(new Row(0, false));
    if (this.cursorRow < 0) this.cursorRow = 0;
  }

  /**
   * Keeps the cursor's row within `maxLineBytes`: while it is longer, the rows above it and its first
   * `maxLineBytes` (back to a UTF-8 character boundary) are committed: a line too long to hold is final
   * in part, and the cursor keeps its place in what remains.
   */
  limitCursorRow(): void {
    this.#materialize();
    this.#limit(this.cursorRow);
  }

  #limit(index: number): void {
    let row = this.rows[index] as Row;
    while (row.length > this.#maxLineBytes) {
      this.#commitRows(this.rows.indexOf(row));
      const bytes = row.bytes;
      const cut = characterBoundaryBefore((at) => bytes[at] as number, this.#maxLineBytes, 0);
      const cutColumns = row.columnAtByte(cut);
      this.#emit(row.bytes, 0, cut, row.sourceStart, row.exact, false);
      row.dropHead(cut);
      if (this.rows[this.cursorRow] === row && this.cursorColumn !== AT_END)
        this.cursorColumn = Math.max(0, this.cursorColumn - cutColumns);
      row = this.rows[this.rows.indexOf(row)] as Row;
    }
  }
}

/**
 * The last UTF-8 character boundary at or before `end` (see `findUtf8BoundaryBefore`, over bytes read
 * through `byteAt`), but never at or before `floor`.
 */
function characterBoundaryBefore(byteAt: (at: number) => number, end: number, floor: number): number {
  for (let at = end - 1; at >= Math.max(floor + 1, end - 3); at--) {
    const byte = byteAt(at);
    if ((byte & 0xc0) === 0x80) continue;
    return at + utf8SequenceLength(byte) > end ? at : end;
  }
  return end;
}
