import { cutsFor, propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { program } from './programs';
import { renderCore } from './render-core';

// Properties that need more than a test's usual 30 s in CI; under `pnpm test:fuzz`, the fuzz config's bound.
const TIMEOUT = propertyTimeout(300_000);

/** The live region of the oracle properties: small, so that programs scroll lines out of it. */
const ROWS = 6;

const ESC = 0x1b;
const BS = 0x08;
const CR = 0x0d;
const LF = 0x0a;

/** C0 controls the renderer removes once a stream draws: bytes that plain-text properties leave out. */
const DRAWING_BYTES = new Set([ESC, BS, CR, 0x07, 0x0b, 0x0c, 0x0e, 0x18, 0x1a]);

/** Arbitrary bytes with no ESC, BS or bare CR: any byte else, CRLF, invalid UTF-8 and NUL included. */
const plainBytes = fc
  .array(
    fc.oneof(
      fc
        .uint8Array({ maxLength: 16 })
        .map((array) => Buffer.from(array.filter((byte) => !DRAWING_BYTES.has(byte)))),
      fc
        .constantFrom('\r\n', '\n', '\0', '\t', 'é', '東京', '\xff')
        .map((piece) => Buffer.from(piece, 'latin1')),
    ),
    { maxLength: 40 },
  )
  .map((pieces) => Buffer.concat(pieces));

function hasBareCr(bytes: Uint8Array): boolean {
  return bytes.some((byte, index) => byte === CR && bytes[index + 1] !== LF);
}

// Bytes compare as hex strings: `toEqual` walks a Buffer byte by byte as an iterable, which made
// 10 000 fuzz runs take minutes; the hex string compares the same bytes at once.
describe('TerminalRenderer properties', { timeout: TIMEOUT }, () => {
  it('should render every drawing program as @xterm/headless shows it', async () => {
    await fc.assert(
      fc.asyncProperty(program, async (bytes) => {
        const { output } = renderCore(bytes, { maxLiveLines: ROWS });
        expect(outputRows(output)).toEqual(await xtermRows(bytes, ROWS));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should pass bytes with no ESC, BS or bare CR through unchanged', () => {
    fc.assert(
      fc.property(
        plainBytes.chain((bytes) => cutsFor(bytes.length).map((cuts) => ({ bytes, cuts }))),
        fc.integer({ min: 1, max: 8 }),
        ({ bytes, cuts }, maxLiveLines) => {
          const { output, stats } = renderCore(bytes, { maxLiveLines }, cuts);
          expect(output.toString('hex')).toBe(bytes.toString('hex'));
          expect(stats).toEqual({
            bytesIn: bytes.length,
            bytesOut: bytes.length,
            sequencesRemoved: 0,
            framesOverwritten: 0,
          });
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should pass text of narrow characters through unchanged at any width, its long lines wrapped and joined again', async () => {
    // A wide character wrapped at the margin leaves a blank cell (a space) and a TAB that reaches it becomes
    // blanks: there the bytes do not say what the terminal shows. Bytes that are not UTF-8 are a cell each.
    const narrow = fc
      .array(
        fc.oneof(
          fc.stringMatching(/^[ -~]{0,30}$/).map((piece) => Buffer.from(piece)),
          fc.constantFrom('\n', '\r\n', 'é', 'Привет', '━━').map((piece) => Buffer.from(piece)),
          fc.constant(Buffer.from([0xff, 0x80, 0xe6])),
        ),
        { maxLength: 30 },
      )
      .map((pieces) => Buffer.concat(pieces));
    fc.assert(
      fc.property(
        narrow.chain((bytes) => cutsFor(bytes.length).map((cuts) => ({ bytes, cuts }))),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        ({ bytes, cuts }, cols, maxLiveLines) => {
          const { output } = renderCore(bytes, { cols, maxLiveLines }, cuts);
          expect(output.toString('hex')).toBe(bytes.toString('hex'));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should emit no ESC, BS or bare CR, and render its own output unchanged', () => {
    fc.assert(
      fc.property(program, (bytes) => {
        const { output } = renderCore(bytes, { maxLiveLines: ROWS });
        expect(output.includes(ESC)).toBe(false);
        expect(output.includes(BS)).toBe(false);
        expect(hasBareCr(output)).toBe(false);
        expect(renderCore(output, { maxLiveLines: ROWS }).output.toString('hex')).toBe(
          output.toString('hex'),
        );
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should give the same output and stats for every chunking', () => {
    fc.assert(
      fc.property(
        program.chain((bytes) => cutsFor(bytes.length, 20).map((cuts) => ({ bytes, cuts }))),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 4, max: 40 }),
        ({ bytes, cuts }, maxLiveLines, maxRowBytes) => {
          const options = { maxLiveLines, maxRowBytes };
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
});
