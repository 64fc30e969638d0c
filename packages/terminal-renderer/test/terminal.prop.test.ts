import { cutAt, cutsFor, propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TerminalRenderer } from '../src/index';
import { outputRows, xtermRows } from './oracle';
import { anyTerminalProgram, screenSize, terminalProgram, terminalSize } from './programs';
import { renderFromOneBuffer } from './refill';
import { renderCore } from './render-core';

// Properties that need more than a test's usual 30 s in CI; under `pnpm test:fuzz`, the fuzz config's bound.
const TIMEOUT = propertyTimeout(300_000);

// The whole VT subset at small sizes, so that lines wrap at the margin and scroll out of small screens.
// Bytes compare as hex strings (see terminal-renderer.prop.test.ts).
describe('TerminalRenderer on the whole VT subset', { timeout: TIMEOUT }, () => {
  it('should render every program as @xterm/headless shows it at the same size', async () => {
    await fc.assert(
      fc.asyncProperty(terminalProgram, terminalSize, async (bytes, { cols, maxLiveLines }) => {
        const { output } = renderCore(bytes, { cols, maxLiveLines });
        expect(outputRows(output, cols)).toEqual(await xtermRows(bytes, maxLiveLines, cols));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should give the same output and stats for every chunking', () => {
    fc.assert(
      fc.property(
        anyTerminalProgram.chain((bytes) => cutsFor(bytes.length, 20).map((cuts) => ({ bytes, cuts }))),
        screenSize,
        fc.integer({ min: 4, max: 40 }),
        ({ bytes, cuts }, { cols, maxLiveLines }, maxRowBytes) => {
          const options = { cols: cols === null ? null : cols - 1, maxLiveLines, maxRowBytes };
          const whole = renderCore(bytes, options);
          const cut = renderCore(bytes, options, cuts);
          expect(cut.output.toString('hex')).toBe(whole.output.toString('hex'));
          expect(cut.stats).toEqual(whole.stats);
          const byteByByte = renderCore(bytes, options, [...bytes.keys()]);
          expect(byteByByte.output.toString('hex')).toBe(whole.output.toString('hex'));
          expect(byteByByte.stats).toEqual(whole.stats);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should render its own output unchanged at the same size', () => {
    fc.assert(
      fc.property(anyTerminalProgram, screenSize, (bytes, options) => {
        const { output } = renderCore(bytes, options);
        expect(renderCore(output, options).output.toString('hex')).toBe(output.toString('hex'));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should render the same when the writer refills one buffer with each chunk once called back', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyTerminalProgram.chain((bytes) => cutsFor(bytes.length, 8).map((cuts) => ({ bytes, cuts }))),
        screenSize,
        async ({ bytes, cuts }, options) => {
          const refilled = await renderFromOneBuffer(
            new TerminalRenderer(options),
            cutAt(bytes, cuts) as Buffer[],
          );
          expect(refilled.toString('hex')).toBe(renderCore(bytes, options).output.toString('hex'));
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
