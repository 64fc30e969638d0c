import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCell } from '../src/screen/cell-width';
import { ColumnStarts, layOutCells, TAB_STOP } from '../src/screen/row-layout';

/** Pieces of a row: ASCII, a tab, a bar's blocks, a box character cut short, wide and combining characters. */
const PIECES = ['a', ' ', '\t', '█', '▏', '━', '中', '\u0301', '\u20d0'].map((piece) => Buffer.from(piece));
const row = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES),
      fc.constantFrom(...PIECES).map((piece) => piece.subarray(0, piece.length - 1)),
    ),
    { maxLength: 40 },
  )
  .map((pieces) => new Uint8Array(Buffer.concat(pieces)));

/** The column starts of `bytes` laid out after `columns` columns, a character at a time. */
function byCharacter(bytes: Uint8Array, columns: number): number[] {
  const starts: number[] = Array.from({ length: columns }, (_, column) => column);
  for (let at = 0; at < bytes.length; ) {
    if (bytes[at] === 0x09) {
      for (let cell = TAB_STOP - (starts.length % TAB_STOP); cell > 0; cell--) starts.push(at);
      at++;
      continue;
    }
    const cell = readCell(bytes, at, bytes.length);
    if ((cell & 3) !== 0 || starts.length === 0) starts.push(at);
    if ((cell & 3) === 2) starts.push(at);
    at += cell >> 2;
  }
  return starts;
}

describe('layOutCells', () => {
  it('should give each column the start a character-by-character layout gives', () => {
    fc.assert(
      fc.property(row, fc.integer({ min: 0, max: 3 }), (bytes, columns) => {
        const starts = new ColumnStarts();
        starts.identity(columns);
        layOutCells(bytes, 0, bytes.length, starts);
        expect([...starts.values.subarray(0, starts.length)]).toEqual(byCharacter(bytes, columns));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});
