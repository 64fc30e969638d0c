import { propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { program } from './programs';
import { renderCore } from './render-core';

/** Short lines of plain text, a few KiB at most: what a pipe or a terminal read hands over at a time. */
const plainLines = fc
  .array(fc.string({ unit: fc.constantFrom('a', 'b', 'é', '東', ' '), maxLength: 12 }), {
    minLength: 1,
    maxLength: 30,
  })
  .map((lines) => Buffer.from(lines.join('\n')));

/** Cuts every few bytes of the first `length` bytes, so that each chunk holds fewer lines than the live region. */
const smallChunkCuts = (length: number) =>
  fc
    .integer({ min: 1, max: 24 })
    .map((step) => Array.from({ length: Math.floor(length / step) }, (_, i) => (i + 1) * step));

// Plain text that comes a few lines at a time is joined to the held live lines, not drawn into rows: the
// cursor must still stand where the text left it when a redraw follows.
describe('TerminalRenderer on plain text in small chunks', () => {
  it(
    'should render plain lines in small chunks, then a redraw, as whole and as @xterm/headless does',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          plainLines.chain((text) => smallChunkCuts(text.length).map((cuts) => ({ text, cuts }))),
          program,
          fc.integer({ min: 1, max: 8 }),
          async ({ text, cuts }, drawing, rows) => {
            const bytes = Buffer.concat([text, Buffer.from('\n'), drawing]);
            const chunked = renderCore(bytes, { maxLiveLines: rows }, cuts);
            const whole = renderCore(bytes, { maxLiveLines: rows });
            expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
            expect(chunked.stats).toEqual(whole.stats);
            expect(outputRows(chunked.output)).toEqual(await xtermRows(bytes, rows));
          },
        ),
        { numRuns: propertyRuns(500) },
      );
    },
    propertyTimeout(300_000),
  );
});
