import type { ByteOps } from '@pipeguard/shared/core';
import { readCell } from './cell-width';

const TAB = 0x09;
/** The stops a tab byte kept in a row spans to: every 8 columns, as a reader's terminal expands it. */
export const TAB_STOP = 8;

/**
 * Appends to `starts` the byte start of each column of `bytes[from, end)`, laid out after `starts.length`
 * columns: a tab spans the columns to the next stop of 8, a wide character two, a combining mark joins the
 * cell before it (one with no cell before it takes a cell of its own), and a byte that is not part of
 * well-formed UTF-8 is one cell.
 */
export function layOutCells(bytes: Uint8Array, from: number, end: number, starts: number[]): void {
  for (let at = from; at < end; ) {
    if (bytes[at] === TAB) {
      const width = TAB_STOP - (starts.length % TAB_STOP);
      for (let cell = 0; cell < width; cell++) starts.push(at);
      at++;
      continue;
    }
    const cell = readCell(bytes, at, end);
    const width = cell & 3;
    if (width === 0 && starts.length > 0) {
      at += cell >> 2;
      continue;
    }
    for (let column = 0; column < Math.max(width, 1); column++) starts.push(at);
    at += cell >> 2;
  }
}

/** Whether `bytes[start, end)` is ASCII without a tab: one byte per column. */
export function isSimpleText(ops: ByteOps, bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start > 64) {
    const range = bytes.subarray(start, end);
    return ops.isAscii(range) && ops.indexOf(range, TAB, 0) === -1;
  }
  for (let at = start; at < end; at++) {
    const byte = bytes[at] as number;
    if (byte >= 0x80 || byte === TAB) return false;
  }
  return true;
}

/** Whether `bytes[start, end)` is ASCII: a loop for the short runs between sequences, the native scan beyond. */
export function isAsciiText(ops: ByteOps, bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start > 64) return ops.isAscii(bytes.subarray(start, end));
  for (let at = start; at < end; at++) if ((bytes[at] as number) >= 0x80) return false;
  return true;
}
