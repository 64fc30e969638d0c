import { propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { renderCore } from './render-core';

const TIMEOUT = propertyTimeout(300_000);
const ROWS = 4;
const ESC = '\x1b';

/** Text a row is redrawn with: ASCII, a bar's blocks, wide characters, a combining mark, a tab, a control. */
const piece = fc.constantFrom('ab', 'xyz ', '█', '███', '━━', '▏', 'é', '東', '😀', 'e\u0301', '\t');
const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));

/**
 * What comes after a row was drawn whole from its first column: another whole redraw (longer or shorter), text
 * drawn over part of it, cells inserted, deleted or erased, an erase to its end, a line feed.
 */
const operation = fc.oneof(
  text.map((drawn) => `\r${drawn}`),
  fc.tuple(fc.integer({ min: 1, max: 12 }), text).map(([column, drawn]) => `\r${ESC}[${column}C${drawn}`),
  fc
    .tuple(
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom('@', 'P', 'X', 'K', '1K'),
      fc.integer({ min: 1, max: 4 }),
    )
    .map(([column, final, count]) =>
      final.length > 1 ? `\r${ESC}[${column}C${ESC}[${final}` : `\r${ESC}[${column}C${ESC}[${count}${final}`,
    ),
  // Frames of a bar, which the renderer skips when the next covers them, over the row as it was left.
  fc
    .tuple(text, text, fc.integer({ min: 1, max: 3 }))
    .map(([drawn, next, times]) => `${`\r${drawn}${ESC}[K`.repeat(times)}\r${next}${ESC}[K`),
  fc.constantFrom('\r\n', '\n', `${ESC}[4h`, `${ESC}[4l`),
);

describe('TerminalRenderer (rows redrawn whole from their first column, laid out when next asked)', {
  timeout: TIMEOUT,
}, () => {
  it('should render a row redrawn whole and then drawn over, cut or erased as @xterm/headless shows it', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(operation, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(null, 6, 13, 40),
        async (first, operations, cols) => {
          const bytes = Buffer.from(`\r${first}${operations.join('')}${ESC}[4l`);
          const { output } = renderCore(bytes, { cols, maxLiveLines: ROWS });
          expect(outputRows(output, cols)).toEqual(await xtermRows(bytes, ROWS, cols));
        },
      ),
      { numRuns: propertyRuns(1500) },
    );
  });

  it('should keep a lead byte and a continuation byte written after it apart as the cells each was when text follows them', () => {
    // Arrange: a lone lead byte, a colour, a lone continuation byte (two cells of one byte each), then text.
    const bytes = Buffer.concat([
      Buffer.from([0xc2]),
      Buffer.from(`${ESC}[m`),
      Buffer.from([0x80]),
      Buffer.from(`X\r${ESC}[2CY\n`),
    ]);
    // Act
    const { output } = renderCore(bytes, { cols: 20, maxLiveLines: ROWS });
    // Assert: the Y is drawn over the X, in the third cell.
    expect([...output]).toEqual([0xc2, 0x80, 0x59, 0x0a]);
  });

  it('should give the same output and stats whole as one byte per write, frames skipped or drawn, at any row bound', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(operation, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(null, 6, 40),
        fc.constantFrom(8, 24, 4096),
        (first, operations, cols, maxRowBytes) => {
          const bytes = Buffer.from(`\r${first}${operations.join('')}`);
          const options = { cols, maxLiveLines: ROWS, maxRowBytes };
          const whole = renderCore(bytes, options);
          const bytewise = renderCore(bytes, options, [...bytes.keys()]);
          expect(bytewise.output.toString('hex')).toBe(whole.output.toString('hex'));
          expect(bytewise.stats).toEqual(whole.stats);
        },
      ),
      { numRuns: propertyRuns(1500) },
    );
  });
});
