import { isAscii } from 'node:buffer';
import { readCell } from './cell-width';
import { copyBytes, fillWith } from './copy-bytes';

const SPACE = 0x20;
const TAB = 0x09;
export const TAB_STOP = 8;
/** What ends a row in the output: nothing yet (the last row), LF, or CRLF as the input had it. */
export type Terminator = 0 | 1 | 2;

/**
 * One line of the live region: its bytes as they will be emitted and, computed only when a cursor move
 * needs it, which byte each column starts at. A row of ASCII without tabs ("simple") needs no map:
 * column and byte offset are the same, which keeps a redrawn progress bar to a few native copies.
 */
export class Row {
  bytes: Buffer;
  length = 0;
  terminator: Terminator = 0;
  /** Input offset of the start of the input line this row was begun by. */
  sourceStart: number;
  /** Whether the row's bytes are the input's from `sourceStart` on, one for one. */
  exact: boolean;
  /** Whether the laid-out bytes are all one byte per column (ASCII without tabs): no column map needed. */
  #simple = true;
  /** Columns of the laid-out bytes. */
  #columns = 0;
  /** Bytes the column count covers: text appended since is laid out when a column is next asked for. */
  #laidOut = 0;
  /** Byte start of each column when not simple; a column that continues a wide cell or a tab repeats its start. */
  #starts: number[] | null = null;

  constructor(sourceStart: number, exact: boolean, capacity = 128) {
    this.bytes = Buffer.allocUnsafe(capacity);
    this.sourceStart = sourceStart;
    this.exact = exact;
  }

  /** Appends bytes at the end without looking at them; the column map is rebuilt when next needed. */
  append(source: Buffer, start: number, end: number): void {
    this.#reserve(this.length + end - start);
    copyBytes(source, start, end, this.bytes, this.length);
    this.length += end - start;
  }

  columns(): number {
    if (this.#laidOut < this.length) this.#layout();
    return this.#columns;
  }

  /** Byte offset where column `column` starts (the row's length at or past its end). */
  byteAt(column: number): number {
    const columns = this.columns();
    if (column >= columns) return this.length;
    return this.#simple ? column : (this.#starts as number[])[column]!;
  }

  /** The column that starts at byte `offset` (a cell boundary), or the column count past the end. */
  columnAtByte(offset: number): number {
    const columns = this.columns();
    if (this.#simple) return Math.min(offset, columns);
    const starts = this.#starts as number[];
    let column = 0;
    while (column < columns && starts[column]! < offset) column++;
    return column;
  }

  /**
   * Overwrites the cells from `column` with `width` cells of `source[start, end)`: columns past the end
   * are padded with spaces, and the remains of a wide character or tab cut at either edge become spaces,
   * as a terminal shows them.
   */
  write(column: number, source: Buffer, start: number, end: number, width: number, simple: boolean): void {
    const columns = this.columns();
    let from = this.length;
    let spacesBefore = column - columns;
    let to = this.length;
    let spacesAfter = 0;
    // The columns before the written cells, and the first column after them.
    let firstColumn = columns;
    let tailColumn = columns;
    if (column < columns) {
      firstColumn = this.#cellStartColumn(column);
      from = this.byteAt(firstColumn);
      spacesBefore = column - firstColumn;
      const stop = column + width;
      if (stop < columns) {
        tailColumn = this.#cellEndColumn(stop);
        to = this.byteAt(tailColumn);
        spacesAfter = tailColumn - stop;
      }
    }
    const tail = this.length - to;
    const length = from + spacesBefore + (end - start) + spacesAfter + tail;
    this.#reserve(length);
    this.bytes.copyWithin(length - tail, to, this.length);
    fillWith(this.bytes, SPACE, from, from + spacesBefore);
    copyBytes(source, start, end, this.bytes, from + spacesBefore);
    fillWith(this.bytes, SPACE, length - tail - spacesAfter, length - tail);
    const oldLength = this.length;
    this.length = length;
    if (this.#simple && simple) {
      this.#columns = Math.max(columns, column + width);
      this.#laidOut = length;
      return;
    }
    // The cells as written: laying the whole row out again could join the written bytes with their
    // neighbours into other characters (a lone 0xC2 before a written 0x80 would become U+0080).
    const starts = this.#simple
      ? Array.from({ length: columns }, (_, cell) => cell)
      : (this.#starts as number[]);
    // The head's columns stay where they are; the tail's move by what the row grew or shrank.
    const tailStarts = starts.splice(tailColumn);
    starts.length = firstColumn;
    for (let space = 0; space < spacesBefore; space++) starts.push(from + space);
    const textEnd = from + spacesBefore + end - start;
    layOutCells(this.bytes, from + spacesBefore, textEnd, starts);
    for (let space = 0; space < spacesAfter; space++) starts.push(textEnd + space);
    const shift = length - oldLength;
    for (const tailStart of tailStarts) starts.push(tailStart + shift);
    this.#simple = false;
    this.#starts = starts;
    this.#columns = starts.length;
    this.#laidOut = length;
  }

  /** Erases from `column` to the end of the row (EL 0). */
  eraseRight(column: number): void {
    if (column >= this.columns()) return;
    const first = this.#cellStartColumn(column);
    const from = this.byteAt(first);
    this.#reserve(from + column - first);
    fillWith(this.bytes, SPACE, from, from + column - first);
    this.length = from + column - first;
    if (this.#simple) {
      this.#columns = column;
      this.#laidOut = this.length;
    } else {
      this.#invalidate();
    }
  }

  /** Erases from the start of the row through `column` (EL 1): the erased cells become spaces. */
  eraseLeft(column: number): void {
    const columns = this.columns();
    if (column + 1 >= columns) {
      this.clear();
      return;
    }
    const next = this.#cellEndColumn(column + 1);
    const to = this.byteAt(next);
    const tail = this.length - to;
    this.#reserve(next + tail);
    this.bytes.copyWithin(next, to, this.length);
    fillWith(this.bytes, SPACE, 0, next);
    this.length = next + tail;
    this.#invalidate();
  }

  clear(): void {
    this.length = 0;
    this.#invalidate();
  }

  /** Drops the first `count` bytes (committed downstream): the rest moves to column 0. */
  dropHead(count: number): void {
    this.bytes.copyWithin(0, count, this.length);
    this.length -= count;
    if (this.exact) this.sourceStart += count;
    this.#invalidate();
  }

  /** Whether `column` continues a cell begun in an earlier column (a wide character's right half, a tab). */
  #continues(column: number): boolean {
    if (this.#simple || column <= 0 || column >= this.columns()) return false;
    const starts = this.#starts as number[];
    return starts[column] === starts[column - 1];
  }

  #cellStartColumn(column: number): number {
    let first = column;
    while (this.#continues(first)) first--;
    return first;
  }

  #cellEndColumn(column: number): number {
    let next = column;
    while (this.#continues(next)) next++;
    return next;
  }

  #invalidate(): void {
    this.#simple = true;
    this.#columns = 0;
    this.#laidOut = 0;
    this.#starts = null;
  }

  /** Lays out the bytes appended since the last layout, going on from where it stopped. */
  #layout(): void {
    const from = this.#laidOut;
    const bytes = this.bytes;
    if (this.#simple && isSimple(bytes, from, this.length)) {
      this.#columns += this.length - from;
      this.#laidOut = this.length;
      return;
    }
    if (this.#simple) {
      this.#starts = Array.from({ length: this.#columns }, (_, column) => column);
      this.#simple = false;
    }
    const starts = this.#starts as number[];
    layOutCells(bytes, from, this.length, starts);
    this.#columns = starts.length;
    this.#laidOut = this.length;
  }

  #reserve(length: number): void {
    if (length <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(length, this.bytes.length * 2));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }
}

/** Appends to `starts` the byte start of each column of `bytes[from, end)`, laid out after `starts.length` columns. */
function layOutCells(bytes: Buffer, from: number, end: number, starts: number[]): void {
  for (let at = from; at < end; ) {
    if (bytes[at] === TAB) {
      const width = TAB_STOP - (starts.length % TAB_STOP);
      for (let cell = 0; cell < width; cell++) starts.push(at);
      at++;
      continue;
    }
    const cell = readCell(bytes, at, end);
    const width = cell & 3;
    // A combining mark joins the cell before it; one with no cell before it takes a cell of its own.
    if (width === 0 && starts.length > 0) {
      at += cell >> 2;
      continue;
    }
    for (let column = 0; column < Math.max(width, 1); column++) starts.push(at);
    at += cell >> 2;
  }
}

/** Whether `bytes[start, end)` is ASCII without a tab: one byte per column. */
function isSimple(bytes: Buffer, start: number, end: number): boolean {
  if (end - start > 64) {
    const range = bytes.subarray(start, end);
    return isAscii(range) && range.indexOf(TAB) === -1;
  }
  for (let at = start; at < end; at++) {
    const byte = bytes[at] as number;
    if (byte >= 0x80 || byte === TAB) return false;
  }
  return true;
}
