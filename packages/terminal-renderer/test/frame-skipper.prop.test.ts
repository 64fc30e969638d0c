import { propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { redrawProgram } from './programs';
import { renderCore } from './render-core';

// Properties that need more than a test's usual 30 s in CI; under `pnpm test:fuzz`, the fuzz config's bound.
const TIMEOUT = propertyTimeout(300_000);

/** The live region of the oracle property: small, so that redraws reach its top and lines scroll out of it. */
const ROWS = 6;

// Bytes compare as hex strings: `toEqual` walks a Buffer byte by byte as an iterable, which made
// 10 000 fuzz runs take minutes; the hex string compares the same bytes at once.
// Frames are skipped only when the frame after them lies in the same chunk: one chunk skips, one byte per chunk never does.
describe('TerminalRenderer redraw frames', { timeout: TIMEOUT }, () => {
  it('should render runs of redraw frames as @xterm/headless shows them', async () => {
    await fc.assert(
      fc.asyncProperty(redrawProgram, async (bytes) => {
        const { output } = renderCore(bytes, { maxLiveLines: ROWS });
        expect(outputRows(output)).toEqual(await xtermRows(bytes, ROWS));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('should give the same output and stats whether a chunk holds every frame or one byte', () => {
    fc.assert(
      fc.property(
        redrawProgram,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 4, max: 40 }),
        (bytes, maxLiveLines, maxRowBytes) => {
          const options = { maxLiveLines, maxRowBytes };
          const whole = renderCore(bytes, options);
          const byteByByte = renderCore(bytes, options, [...bytes.keys()]);
          expect(whole.output.toString('hex')).toBe(byteByByte.output.toString('hex'));
          expect(whole.stats).toEqual(byteByByte.stats);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});
