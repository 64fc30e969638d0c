import type { ByteOps } from '@pipeguard/shared/core';
import type { ByteCopier } from '../byte-words';
import { ColumnStarts, isSimpleText, layOutCells } from './row-layout';

/** Spaces to write from: blank cells are spaces in the output. */
export const SPACES = new Uint8Array(256).fill(0x20);

/**
 * A row's bytes and, computed only when an operation needs it, which byte each column starts at. A row of
 * ASCII without tabs ("simple") needs no map: column and byte offset are the same, which keeps a redrawn
 * progress bar to a few copies. Bytes are replaced cell range by cell range and laid out as written: a
 * wide character or tab cut at either edge of a range becomes the spaces it showed.
 */
export class RowCells {
  bytes: Uint8Array;
  /** `bytes`, four at a time (text is copied in, and the row copied out, through it). */
  words: DataView;
  length = 0;
  readonly #ops: ByteOps;
  /** The screen's copier (shared by its rows: it keeps views of the last arrays it copied between). */
  readonly #copier: ByteCopier;
  /** Whether the laid-out bytes are all one byte per column (ASCII without tabs): no column map needed. */
  #simple = true;
  #columns = 0;
  /** Bytes the column count covers: bytes appended since are laid out when a column is next asked for. */
  #laidOut = 0;
  /** Byte start of each column when not simple; a column that continues a wide cell or a tab repeats its start. */
  #map: ColumnStarts | null = null;
  /** The tail of the column map while a splice moves it: kept, not made per splice. */
  #tailMap: ColumnStarts | null = null;
  /** Whether a cell of the map spans columns; null until asked after the map last changed. */
  #spanning: boolean | null = null;
  /**
   * The row's columns while the bytes past `#laidOut` are text written by {@link RowCells.append} and not
   * laid out yet, as their writer measured them (-1: not known so).
   */
  #pendingColumns = -1;
  /** Whether a cell of those bytes may span columns. */
  #pendingSpans = false;

  constructor(ops: ByteOps, copier: ByteCopier, capacity: number) {
    this.#ops = ops;
    this.#copier = copier;
    this.bytes = new Uint8Array(capacity);
    this.words = new DataView(this.bytes.buffer);
  }

  /** The column map, made when a row first needs one (most rows are ASCII and never do). */
  get #starts(): ColumnStarts {
    if (this.#map === null) this.#map = new ColumnStarts();
    return this.#map;
  }

  get #tail(): ColumnStarts {
    if (this.#tailMap === null) this.#tailMap = new ColumnStarts();
    return this.#tailMap;
  }

  /** Whether the laid-out bytes are one byte per column (lays out what was appended first). */
  protected get simple(): boolean {
    if (this.#laidOut < this.length) this.#layout();
    return this.#simple;
  }

  /** Whether a cell spans more than one column: a wide character or a tab. */
  spansCells(): boolean {
    // Text not laid out yet that was measured without such a cell adds none: the cells laid out tell.
    if (this.#laidOut < this.length && (this.#pendingColumns < 0 || this.#pendingSpans)) this.#layout();
    if (this.#simple) return false;
    if (this.#spanning === null) {
      const starts = this.#starts.values;
      this.#spanning = false;
      for (let column = 1; column < this.#columns; column++) {
        if (starts[column] !== starts[column - 1]) continue;
        this.#spanning = true;
        break;
      }
    }
    return this.#spanning;
  }

  columns(): number {
    if (this.#laidOut < this.length) this.#layout();
    return this.#columns;
  }

  /** {@link RowCells.columns}, without laying out the text {@link RowCells.append} measured. */
  knownColumns(): number {
    if (this.#laidOut < this.length && this.#pendingColumns >= 0) return this.#pendingColumns;
    return this.columns();
  }

  /**
   * Appends `source[start, end)`, measured at `columns` cells, after the row's last cell (`simple`: one byte per
   * column; `spans`: a cell may span columns); its first byte continues no character (laid out with the bytes
   * before it, it then makes the cells it makes alone). Text other than simple is laid out only when a column is
   * next asked for: a redraw's row is mostly drawn again, or handed on, first.
   */
  protected append(
    source: Uint8Array,
    start: number,
    end: number,
    columns: number,
    simple: boolean,
    spans: boolean,
  ): void {
    const known = this.knownColumns();
    const laidOut = this.#laidOut === this.length;
    const length = this.length + end - start;
    this.reserve(length);
    this.#copier.copy(source, start, end, this.bytes, this.words, this.length);
    this.length = length;
    if (laidOut && simple && this.#simple) {
      this.#columns = length;
      this.#laidOut = length;
      return;
    }
    this.#pendingSpans = laidOut ? spans : this.#pendingSpans || spans;
    this.#pendingColumns = known + columns;
  }

  /** Byte offset where `column` starts (the row's length at or past its end). */
  byteAt(column: number): number {
    if (column >= this.columns()) return this.length;
    return this.#simple ? column : (this.#starts.values[column] as number);
  }

  /** The column that starts at byte `offset` (a cell boundary), or the column count past the end. */
  columnAtByte(offset: number): number {
    const columns = this.columns();
    if (this.#simple) return Math.min(offset, columns);
    const starts = this.#starts.values;
    let column = 0;
    while (column < columns && (starts[column] as number) < offset) column++;
    return column;
  }

  /** Keeps the cells before `column` (a wide character or tab cut there becomes spaces). */
  truncate(column: number): void {
    if (column >= this.columns()) return;
    this.splitAt(column);
    this.length = this.byteAt(column);
    if (this.#simple) this.#columns = column;
    else this.#starts.length = column;
    this.#spanning = null;
    this.#columns = column;
    this.#laidOut = this.length;
  }

  clear(): void {
    this.length = 0;
    this.invalidate();
  }

  /** Replaces the cell that spans `column` (a wide character or a tab begun before it) with spaces. */
  protected splitAt(column: number): void {
    if (this.#simple || column <= 0 || column >= this.columns() || !this.#continues(column)) return;
    let first = column - 1;
    while (this.#continues(first)) first--;
    let next = column + 1;
    while (next < this.#columns && this.#continues(next)) next++;
    this.blank(first, next);
  }

  /** Replaces the tab bytes from `column` on with the spaces they show: moved, a tab would span other cells. */
  protected expandTabsFrom(column: number): void {
    if (this.#simple) return;
    const starts = this.#starts.values;
    for (let at = column; at < this.#columns; at++) {
      if (this.bytes[starts[at] as number] !== 0x09) continue;
      let next = at + 1;
      while (next < this.#columns && starts[next] === starts[at]) next++;
      this.blank(at, next);
    }
  }

  /** Replaces the cells `[from, to)` (cell boundaries) with as many spaces. */
  protected blank(from: number, to: number): void {
    this.splice(from, to, SPACES, 0, 0, true);
    this.pad(to - from, from);
  }

  /** Inserts `count` spaces at `column` (the row's end when omitted), laid out as simple cells. */
  protected pad(count: number, column = this.columns()): void {
    while (count > 0) {
      const piece = Math.min(count, SPACES.length);
      this.splice(column, column, SPACES, 0, piece, true);
      column += piece;
      count -= piece;
    }
  }

  /**
   * Writes `source[start, end)`, one byte per column, over the cells from `column` when each of them is one
   * byte too (laid out already): the bytes change in place and the column map stays as it is. False, with
   * nothing written, when they are not (then it is a {@link RowCells.splice}).
   */
  protected overwrite(column: number, source: Uint8Array, start: number, end: number): boolean {
    const stop = column + end - start;
    if (this.#simple || stop > this.#columns || this.#laidOut < this.length) return false;
    const starts = this.#starts.values;
    const first = starts[column] as number;
    // The cells begin at `column` and at `stop`, and every one between is one byte.
    if (column > 0 && starts[column - 1] === first) return false;
    const next = stop < this.#columns ? (starts[stop] as number) : this.length;
    if (next - first !== end - start) return false;
    for (let at = column + 1; at < stop; at++)
      if (starts[at] !== (starts[at - 1] as number) + 1) return false;
    this.#copier.copy(source, start, end, this.bytes, this.words, first);
    return true;
  }

  /** {@link RowCells.splice} when the row and the text are both one byte per column. */
  protected spliceSimple(from: number, to: number, source: Uint8Array, start: number, end: number): void {
    const added = end - start;
    const length = this.length - (to - from) + added;
    this.reserve(length);
    if (to !== from + added) this.bytes.copyWithin(from + added, to, this.length);
    this.#copier.copy(source, start, end, this.bytes, this.words, from);
    this.length = length;
    this.#columns = length;
    this.#laidOut = length;
  }

  /**
   * Replaces the cells `[from, to)` (both cell boundaries, within the row) with `source[start, end)`, laid out
   * as written: laying the whole row out again could join the written bytes with their neighbours into other
   * characters (a lone 0xC2 before a written 0x80 would become U+0080).
   */
  protected splice(
    from: number,
    to: number,
    source: Uint8Array,
    start: number,
    end: number,
    simple: boolean,
  ): void {
    if (this.#laidOut < this.length) this.#layout();
    if (this.#simple && simple) {
      this.spliceSimple(from, to, source, start, end);
      return;
    }
    const fromByte = this.byteAt(from);
    const toByte = this.byteAt(to);
    const added = end - start;
    const oldLength = this.length;
    const length = fromByte + added + oldLength - toByte;
    this.reserve(length);
    this.bytes.copyWithin(fromByte + added, toByte, oldLength);
    this.#copier.copy(source, start, end, this.bytes, this.words, fromByte);
    this.length = length;
    const starts = this.#starts;
    if (this.#simple) starts.identity(this.#columns);
    const tail = this.#tail;
    tail.length = 0;
    tail.appendShifted(starts, to, starts.length, 0);
    starts.length = from;
    layOutCells(this.bytes, fromByte, fromByte + added, starts);
    starts.appendShifted(tail, 0, tail.length, length - oldLength);
    this.#simple = false;
    this.#spanning = null;
    this.#columns = starts.length;
    this.#laidOut = length;
  }

  /** Whether `column` continues a cell begun in an earlier column (a wide character's right half, a tab). */
  #continues(column: number): boolean {
    if (this.#simple || column <= 0 || column >= this.#columns) return false;
    const starts = this.#starts.values;
    return starts[column] === starts[column - 1];
  }

  protected invalidate(): void {
    this.#pendingColumns = -1;
    this.#spanning = null;
    this.#simple = true;
    this.#columns = 0;
    this.#laidOut = 0;
  }

  /** Lays out the bytes appended since the last layout, going on from where it stopped. */
  #layout(): void {
    this.#pendingColumns = -1;
    const from = this.#laidOut;
    if (this.#simple && isSimpleText(this.#ops, this.bytes, from, this.length)) {
      this.#columns += this.length - from;
      this.#laidOut = this.length;
      return;
    }
    if (this.#simple) {
      this.#starts.identity(this.#columns);
      this.#simple = false;
    }
    const starts = this.#starts;
    this.#spanning = null;
    layOutCells(this.bytes, from, this.length, starts);
    this.#columns = starts.length;
    this.#laidOut = this.length;
  }

  protected reserve(length: number): void {
    if (length <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(length, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.words = new DataView(grown.buffer);
  }
}
