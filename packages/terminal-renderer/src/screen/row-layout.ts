import type { ByteOps } from '@pipeguard/shared/core';
import { copiesOfLastCharacter, readCell, THREE_BYTES_ONE_CELL } from './cell-width';

const TAB = 0x09;

/** The byte start of each column of a row, in a typed array that grows and is emptied without giving its memory back. */
export class ColumnStarts {
  values = new Int32Array(64);
  length = 0;

  /** Makes room for `length` starts in all. */
  reserve(length: number): void {
    if (length > this.values.length) this.#grow(length);
  }

  /** Makes it `0, 1, … columns - 1`: the starts of a row of one byte per column. */
  identity(columns: number): void {
    if (columns > this.values.length) this.#grow(columns);
    const values = this.values;
    for (let column = 0; column < columns; column++) values[column] = column;
    this.length = columns;
  }

  /** Appends `source[from, to)`, each plus `shift`. */
  appendShifted(source: ColumnStarts, from: number, to: number, shift: number): void {
    const length = this.length + to - from;
    if (length > this.values.length) this.#grow(length);
    const values = this.values;
    const other = source.values;
    let at = this.length;
    for (let index = from; index < to; index++) values[at++] = (other[index] as number) + shift;
    this.length = length;
  }

  #grow(length: number): void {
    const grown = new Int32Array(Math.max(length, this.values.length * 2));
    grown.set(this.values.subarray(0, this.length));
    this.values = grown;
  }
}
/** The stops a tab byte kept in a row spans to: every 8 columns, as a reader's terminal expands it. */
export const TAB_STOP = 8;

/**
 * Appends to `starts` the byte start of each column of `bytes[from, end)`, laid out after `starts.length`
 * columns: a tab spans the columns to the next stop of 8, a wide character two, a combining mark joins the
 * cell before it (one with no cell before it takes a cell of its own), and a byte that is not part of
 * well-formed UTF-8 is one cell.
 */
export function layOutCells(bytes: Uint8Array, from: number, end: number, starts: ColumnStarts): void {
  // A byte makes at most one column but a tab (see below): room for them all once, not a check per column.
  starts.reserve(starts.length + end - from);
  let values = starts.values;
  let length = starts.length;
  for (let at = from; at < end; ) {
    const lead = bytes[at] as number;
    if (lead < 0x80 && lead !== TAB) {
      values[length++] = at++;
      continue;
    }
    if (lead === TAB) {
      const width = TAB_STOP - (length % TAB_STOP);
      starts.length = length;
      starts.reserve(length + width + end - at);
      values = starts.values;
      for (let cell = 0; cell < width; cell++) values[length++] = at;
      at++;
      continue;
    }
    const cell = readCell(bytes, at, end);
    const width = cell & 3;
    // A wide character is two columns of three or four bytes; a combining mark with no cell before it, one.
    if (width !== 0 || length === 0) {
      values[length++] = at;
      if (width === 2) values[length++] = at;
    }
    at += cell >> 2;
    if (cell !== THREE_BYTES_ONE_CELL) continue;
    // The same character again (a bar's blocks) is a column too.
    for (let copies = copiesOfLastCharacter(bytes, at, end, end - at); copies > 0; copies--) {
      values[length++] = at;
      at += 3;
    }
  }
  starts.length = length;
}

/** Whether `bytes[start, end)` is ASCII without a tab: one byte per column. */
export function isSimpleText(ops: ByteOps, bytes: Uint8Array, start: number, end: number): boolean {
  // A loop over the first bytes (a run beyond ASCII is mostly told there), the native scans beyond.
  const head = Math.min(end, start + 64);
  for (let at = start; at < head; at++) {
    const byte = bytes[at] as number;
    if (byte >= 0x80 || byte === TAB) return false;
  }
  if (head === end) return true;
  const range = bytes.subarray(head, end);
  return ops.isAscii(range) && ops.indexOf(range, TAB, 0) === -1;
}

/** Whether `bytes[start, end)` is ASCII: a loop over the first bytes, the native scan beyond. */
export function isAsciiText(ops: ByteOps, bytes: Uint8Array, start: number, end: number): boolean {
  const head = Math.min(end, start + 64);
  for (let at = start; at < head; at++) if ((bytes[at] as number) >= 0x80) return false;
  return head === end || ops.isAscii(bytes.subarray(head, end));
}
