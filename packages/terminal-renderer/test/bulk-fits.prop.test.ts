import { propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { program } from './programs';
import { renderCore } from './render-core';

/**
 * Plain lines about as long as the right margin (a byte either side of it, CRLF or LF ended, wide and
 * two-byte characters among ASCII): the lengths at which bulk text's width check decides whether a line wraps.
 */
const marginLines = (cols: number) =>
  fc
    .array(
      fc.tuple(
        fc.integer({ min: Math.max(0, cols - 2), max: cols + 2 }),
        fc.constantFrom('a', 'é', '東', ' '),
        fc.constantFrom('\n', '\r\n'),
      ),
      { minLength: 1, maxLength: 14 },
    )
    .map((lines) =>
      lines.map(([length, unit, end]) => `${'a'.repeat(Math.max(0, length - 1))}${unit}${end}`).join(''),
    );

describe('TerminalRenderer on plain lines about as wide as the margin', () => {
  it(
    'should wrap the lines as @xterm/headless does when they come in bulk, then a redraw',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 16 }).chain((cols) =>
            fc.record({
              cols: fc.constant(cols),
              // A saved cursor, restored after the text: where it lands counts the rows the lines took.
              saved: fc.boolean(),
              partial: fc.string({ unit: fc.constantFrom('a', 'é'), maxLength: cols + 1 }),
              text: marginLines(cols),
            }),
          ),
          program,
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 256 }),
          async ({ cols, saved, partial, text }, drawing, rows, step) => {
            // A partial line first, so that the first line of a bulk write starts after some columns.
            const restored = saved ? `\x1b8*` : '';
            const bytes = Buffer.concat([
              // Saved on the last row: the restore goes up a row for each row the lines scrolled.
              Buffer.from(`${saved ? `${'\n'.repeat(rows - 1)}\x1b7` : ''}${partial}${text}${restored}`),
              drawing,
            ]);
            const cuts = Array.from({ length: Math.floor(bytes.length / step) }, (_, i) => (i + 1) * step);
            const options = { cols, maxLiveLines: rows };
            const chunked = renderCore(bytes, options, cuts);
            const whole = renderCore(bytes, options);
            expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
            expect(chunked.stats).toEqual(whole.stats);
            expect(outputRows(whole.output, cols)).toEqual(await xtermRows(bytes, rows, cols));
          },
        ),
        { numRuns: propertyRuns(400) },
      );
    },
    propertyTimeout(300_000),
  );
});
