import { isControlByte } from '@pipeguard/shared';
import { cutAt, propertyRuns, propertyTimeout, withoutRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNTERMINATED_TAIL_MIN_BYTES } from '../src/clean-text';
import { NUL_RUN_BYTES } from '../src/nul-run';
import { encodePlaceholder, formatPlaceholder } from '../src/placeholder';
import { guardCore } from './run-guard';

// Properties that need more than a test's usual 30 s in CI; under `pnpm test:fuzz`, the fuzz config's bound.
const TIMEOUT = propertyTimeout(300_000);

const WINDOW = 1024;

/** UTF-8 text with no control byte (tab, LF and CR aside), ending a line. */
const cleanText = (minLength: number, maxLength: number) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 200 })
    .map((line) => [...line].filter((char) => !isControlByte(char.charCodeAt(0))).join(''))
    .map((line) => {
      const text = Buffer.from(`${line}\n`);
      const repeated = Buffer.concat(Array.from({ length: Math.ceil(minLength / text.length) }, () => text));
      return repeated.subarray(0, Math.max(repeated.lastIndexOf(0x0a, maxLength - 1) + 1, text.length));
    });

/** Random bytes at least a window long (about 12 % of them control bytes, so every window is binary). */
const binary = fc
  .uint8Array({ minLength: WINDOW, maxLength: 2 * WINDOW })
  .map((array) => Buffer.from(array))
  // Ending on a control byte, the run cannot lend the text after it a few printable bytes.
  .map((bytes) => Buffer.concat([bytes, Buffer.from([0x01])]));

/** Text and binary taking turns, the text long enough (two windows) that one window of it is clean. */
const interleaving = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(binary, cleanText(2 * WINDOW, 2.5 * WINDOW)), { minLength: 1, maxLength: 3 }),
  )
  .map(([textFirst, pairs]) => {
    const parts = pairs.flat();
    return textFirst ? [Buffer.from('first line of text\n'), ...parts] : parts;
  });

const chunked = (parts: fc.Arbitrary<Buffer[]>) =>
  fc.tuple(parts, fc.array(fc.nat(), { maxLength: 20 })).map(([pieces, cuts]) => {
    const bytes = Buffer.concat(pieces);
    return {
      pieces,
      bytes,
      chunks: cutAt(
        bytes,
        cuts.map((cut) => cut % (bytes.length + 1)),
      ),
    };
  });

describe('BinaryGuard resuming after binary', { timeout: TIMEOUT }, () => {
  it('should pass every text part whole, withhold every binary part, and conserve bytes for any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(chunked(interleaving), async ({ pieces, bytes, chunks }) => {
        const { output, guard } = guardCore(chunks, { guardWindowBytes: WINDOW, emitPlaceholder: false });
        const { passedBytes, withheldBytes, withheldRuns, withheldRunCount } = guard.stats;
        expect(passedBytes + withheldBytes).toBe(bytes.length);
        expect(withheldRunCount).toBe(pieces.filter((piece) => piece.at(-1) === 0x01).length);
        expect(output.toString('hex')).toBe(withoutRuns(bytes, withheldRuns).toString('hex'));
        let from = 0;
        for (const piece of pieces) {
          if (piece.at(-1) === 0x01) continue;
          const at = output.indexOf(piece, from);
          expect(at).toBeGreaterThanOrEqual(from);
          from = at + piece.length;
        }
      }),
      // 300 in CI (47 s for 1000 on a loaded 2-core machine); `pnpm test:fuzz` runs PIPEGUARD_FUZZ_RUNS.
      { numRuns: propertyRuns(300) },
    );
  });

  it(`should pass clean text that ends the stream without a line feed once it is ${UNTERMINATED_TAIL_MIN_BYTES.utf8} bytes long, and withhold a shorter one with the binary`, async () => {
    const printable = fc
      .array(fc.integer({ min: 0x20, max: 0x7e }), {
        minLength: 1,
        maxLength: 3 * UNTERMINATED_TAIL_MIN_BYTES.utf8,
      })
      .map((codes) => Buffer.from(codes));
    // Opening on a control byte too, the binary lends the header no line of its own.
    const ending = fc
      .tuple(binary, printable)
      .map(([bytes, text]) => [Buffer.from('header\n'), Buffer.concat([Buffer.from([0x01]), bytes]), text]);
    await fc.assert(
      fc.asyncProperty(chunked(ending), async ({ pieces, bytes, chunks }) => {
        const [header, withheld, text] = pieces as [Buffer, Buffer, Buffer];
        const { output, guard } = guardCore(chunks, { guardWindowBytes: WINDOW, emitPlaceholder: false });
        const passes = text.length >= UNTERMINATED_TAIL_MIN_BYTES.utf8;
        expect(output.toString('hex')).toBe(
          (passes ? Buffer.concat([header, text]) : header).toString('hex'),
        );
        expect(guard.stats.withheldRuns).toEqual([
          expect.objectContaining({
            offset: header.length,
            bytes: withheld.length + (passes ? 0 : text.length),
          }),
        ]);
        expect(guard.stats.passedBytes + guard.stats.withheldBytes).toBe(bytes.length);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should put one placeholder line per withheld run where the run was', async () => {
    await fc.assert(
      fc.asyncProperty(chunked(interleaving), async ({ bytes, chunks }) => {
        const { output, guard } = guardCore(chunks, { guardWindowBytes: WINDOW });
        const expected: Uint8Array[] = [];
        let at = 0;
        for (const run of guard.stats.withheldRuns) {
          const text = bytes.subarray(at, run.offset);
          expected.push(text);
          const atLineStart = text.length === 0 ? at === 0 || bytes[at - 1] === 0x0a : text.at(-1) === 0x0a;
          const line = formatPlaceholder({ label: 'stdout', command: null, from: run.offset, ...run });
          expected.push(
            encodePlaceholder(
              line,
              null,
              expected.length === 1 ? text.length === 0 || atLineStart : atLineStart,
            ),
          );
          at = run.offset + run.bytes;
        }
        expected.push(bytes.subarray(at));
        expect(output.toString('hex')).toBe(Buffer.concat(expected).toString('hex'));
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe('BinaryGuard on NUL runs', () => {
  const name = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
    .map((text) => text.replace(/\0/g, ''))
    .filter((text) => text.length > 0);

  it(`should pass -print0 style output byte for byte when no more than ${NUL_RUN_BYTES - 1} NULs come in a row`, async () => {
    const listing = fc
      .array(fc.tuple(name, fc.integer({ min: 1, max: NUL_RUN_BYTES - 1 })), { minLength: 1, maxLength: 400 })
      .map((fields) => Buffer.from(fields.map(([field, nuls]) => field + '\0'.repeat(nuls)).join('')));
    await fc.assert(
      fc.asyncProperty(chunked(listing.map((bytes) => [bytes])), async ({ bytes, chunks }) => {
        const { output, guard } = guardCore(chunks, { guardWindowBytes: WINDOW });
        expect(output.toString('hex')).toBe(bytes.toString('hex'));
        expect(guard.stats).toMatchObject({ withheld: false, encoding: 'utf-8', passedBytes: bytes.length });
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should withhold exactly a run of NUL padding between lines of text', async () => {
    const padded = fc
      .tuple(cleanText(1, 3 * WINDOW), fc.integer({ min: WINDOW, max: 4 * WINDOW }), cleanText(1, 3 * WINDOW))
      .map(([before, nuls, after]) => [before, Buffer.alloc(nuls), after]);
    await fc.assert(
      fc.asyncProperty(chunked(padded), async ({ pieces, chunks }) => {
        const [before, nuls, after] = pieces as [Buffer, Buffer, Buffer];
        const { output, guard } = guardCore(chunks, { guardWindowBytes: WINDOW, emitPlaceholder: false });
        expect(output.toString('hex')).toBe(Buffer.concat([before, after]).toString('hex'));
        expect(guard.stats.withheldRuns).toEqual([
          { offset: before.length, bytes: nuls.length, controlShare: 1 },
        ]);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
