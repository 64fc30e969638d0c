import type { ByteOps } from '@pipeguard/shared/core';
import type { ByteCopier } from '../byte-words';
import { fillWith } from '../bytes';
import { RowCells, SPACES } from './row-cells';

const SPACE = 0x20;
const TAB = 0x09;

/** What ends a row in the output: LF or CRLF, as the line feed that ended it came (0: not ended yet). */
export type Terminator = 0 | 1 | 2;
export const LF_TERMINATOR: Terminator = 1;
export const CRLF_TERMINATOR: Terminator = 2;

/**
 * One row of a screen: its cells ({@link RowCells}), how it ends, and the input it came from. Erased cells
 * at the end of the row are not kept (the row ends where its last cell that is not erased ends); a tab byte
 * is kept where it was written past the row's end and spans the cells to its stop of 8.
 */
export class Row extends RowCells {
  terminator: Terminator;
  /** Whether this row continues the one above it (it was reached by an autowrap): xterm's `isWrapped`. */
  wrapped = false;
  /** Input offset of the start of the input line this row was begun by. */
  sourceStart: number;
  /** Whether the row's bytes are the input's from `sourceStart` on, one for one. */
  exact: boolean;

  constructor(
    ops: ByteOps,
    copier: ByteCopier,
    sourceStart: number,
    exact: boolean,
    terminator: Terminator,
    capacity = 128,
  ) {
    super(ops, copier, capacity);
    this.sourceStart = sourceStart;
    this.exact = exact;
    this.terminator = terminator;
  }

  /** Makes this row a blank one beginning at input offset `sourceStart` (it is reused for another line). */
  reset(sourceStart: number, terminator: Terminator): void {
    this.clear();
    this.wrapped = false;
    this.sourceStart = sourceStart;
    this.exact = true;
    this.terminator = terminator;
  }

  /** Whether the row shows nothing: no bytes, or only spaces and tabs. */
  isBlank(): boolean {
    for (let at = 0; at < this.length; at++) {
      const byte = this.bytes[at];
      if (byte !== SPACE && byte !== TAB) return false;
    }
    return true;
  }

  /**
   * Overwrites the `width` cells from `column` with `source[start, end)`: columns past the end are padded with
   * spaces, and the remains of a wide character or tab cut at either edge become spaces, as a terminal shows them.
   * `spans`: a cell of the text may span columns (a wide character, a tab).
   */
  write(
    column: number,
    source: Uint8Array,
    start: number,
    end: number,
    width: number,
    simple: boolean,
    spans = true,
  ): void {
    // A redraw from the first column over every cell: the row becomes the text, laid out when next asked; so is
    // text after the last cell that does not begin inside a character.
    const known = this.knownColumns();
    if (column === 0 && width >= known) {
      this.clear();
      this.append(source, start, end, width, simple, spans);
      return;
    }
    if (column === known && (start === end || ((source[start] as number) & 0xc0) !== 0x80)) {
      this.append(source, start, end, width, simple, spans);
      return;
    }
    const columns = this.columns();
    if (column > columns) this.pad(column - columns);
    if (this.simple && simple) {
      // The hot path of a redraw: one byte per column on both sides.
      const stop = Math.min(column + width, this.length);
      this.spliceSimple(column, stop, source, start, end);
      return;
    }
    // ASCII over one-byte cells of a row that holds others (a table's text between its box characters).
    if (simple && this.overwrite(column, source, start, end)) return;
    this.splitAt(column);
    const stop = Math.min(column + width, this.columns());
    this.splitAt(stop);
    this.splice(column, stop, source, start, end, simple);
  }

  /** Inserts `count` blank cells at `column` (ICH, insert mode): the cells after it move right, those pushed past `limit` are lost. */
  insertBlanks(column: number, count: number, limit: number): void {
    if (column >= this.columns() || count <= 0) return;
    this.splitAt(column);
    this.expandTabsFrom(column);
    this.pad(count, column);
    if (this.columns() > limit) this.truncate(limit);
  }

  /** Deletes `count` cells at `column` (DCH): the cells after them move left, blanks come in at the end. */
  deleteCells(column: number, count: number): void {
    const columns = this.columns();
    if (column >= columns || count <= 0) return;
    const stop = Math.min(columns, column + count);
    this.splitAt(column);
    this.splitAt(stop);
    this.expandTabsFrom(stop);
    this.splice(column, stop, SPACES, 0, 0, true);
  }

  /** Erases `count` cells from `column` (ECH, EL 0): erased cells at the end of the row are dropped. */
  eraseCells(column: number, count: number): void {
    const columns = this.columns();
    if (column >= columns || count <= 0) return;
    if (column + count >= columns) {
      this.truncate(column);
      return;
    }
    this.splitAt(column);
    this.splitAt(column + count);
    this.blank(column, column + count);
  }

  /** Erases from the start of the row through `column` (EL 1). */
  eraseLeft(column: number): void {
    this.eraseCells(0, column + 1);
  }

  /** Fills the row with `columns` copies of one ASCII byte (DECALN). */
  fill(byte: number, columns: number): void {
    this.clear();
    this.reserve(columns);
    fillWith(this.bytes, byte, 0, columns);
    this.length = columns;
  }

  /** Drops the first `count` bytes (committed downstream): the rest moves to column 0. */
  dropHead(count: number): void {
    this.bytes.copyWithin(0, count, this.length);
    this.length -= count;
    if (this.exact) this.sourceStart += count;
    this.invalidate();
  }
}
