import { nodeByteOps } from '@pipeguard/shared';
import {
  chunksOf,
  cutAt,
  longestUtf8Prefix,
  propertyRuns,
  propertyTimeout,
  withoutRuns,
} from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUL_RUN_BYTES } from '../src/nul-run';
import { scanRun } from '../src/scan-run';
import { findValidUtf8Prefix } from '../src/utf8-prefix';
import { guardCore } from './run-guard';

// Properties that need more than a test's usual 30 s in CI; under `pnpm test:fuzz`, the fuzz config's bound.
const TIMEOUT = propertyTimeout(300_000);

const CONTROLS = ['\0', '\b', '\x01', '\x07', '\x1b', '\x1b[1;31m', '\x1b]0;title\x07', '\x7f', '\t', '\r\n'];

/** Valid UTF-8 dense in control bytes, so a window opened by mistake would be withheld, not passed. */
const controlHeavyUtf8 = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      { weight: 3, arbitrary: fc.constantFrom(...CONTROLS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    ),
    { maxLength: 300, size: 'large' },
  )
  .map((pieces) => Buffer.from(pieces.join(''), 'utf8'));

const bytesOf = (values: { min: number; max: number }, maxLength: number) =>
  fc.uint8Array({ ...values, maxLength, size: 'large' }).map((array) => Buffer.from(array));

/** Arbitrary bytes built from the stuff real streams mix: text, legacy bytes, binary, BOMs, cut sequences. */
const mixedBytes = fc
  .tuple(
    fc.constantFrom([], [0xff, 0xfe], [0xfe, 0xff]),
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: controlHeavyUtf8.map((bytes) => bytes.subarray(0, 600)) },
        { weight: 3, arbitrary: bytesOf({ min: 0x20, max: 0xff }, 400) },
        { weight: 1, arbitrary: bytesOf({ min: 0, max: 0xff }, 400) },
        { weight: 1, arbitrary: bytesOf({ min: 0, max: 0x1f }, 40) },
        {
          weight: 1,
          arbitrary: fc.string({ maxLength: 600, size: 'large' }).map((text) => Buffer.from(text, 'utf16le')),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            Buffer.from([0xe2, 0x82]),
            Buffer.from([0xf0, 0x9f, 0x98]),
            Buffer.from([0x1b]),
          ),
        },
      ),
      { maxLength: 14, size: 'medium' },
    ),
  )
  .map(([bom, parts]) => Buffer.concat([Buffer.from(bom), ...parts]));

// Cuts drawn independently of the bytes (no `chain`), so a failure shrinks in seconds.
const withChunks = (bytes: fc.Arbitrary<Buffer>) =>
  fc.tuple(bytes, fc.array(fc.nat(), { maxLength: 24 })).map(([input, cuts]) => ({
    bytes: input,
    chunks: cutAt(
      input,
      cuts.map((cut) => cut % (input.length + 1)),
    ),
  }));

const guardWindowBytes = fc.integer({ min: 1024, max: 4096 });

// A fixed count: CI runs this many, `pnpm test:fuzz` more (see propertyRuns).
const LIMITS = { numRuns: propertyRuns(100) };

describe('BinaryGuard properties', { timeout: TIMEOUT }, () => {
  it('should pass any valid UTF-8 unchanged as one run for any chunking and window size', async () => {
    await fc.assert(
      fc.asyncProperty(withChunks(controlHeavyUtf8), guardWindowBytes, async ({ bytes, chunks }, size) => {
        const { output, guard } = guardCore(chunks, { guardWindowBytes: size });
        expect(output.toString('hex')).toBe(bytes.toString('hex'));
        expect(guard.stats).toMatchObject({ withheld: false, passedBytes: bytes.length, encoding: 'utf-8' });
        expect(guard.verdicts['utf-8']).toBe(bytes.length > 0 ? 1 : 0);
      }),
      LIMITS,
    );
  });

  it('should give the same output and stats for any chunking of arbitrary bytes', () => {
    fc.assert(
      fc.property(
        withChunks(mixedBytes),
        guardWindowBytes,
        fc.integer({ min: 1, max: 8 }),
        ({ bytes, chunks }, size, step) => {
          const whole = guardCore([bytes], { guardWindowBytes: size });
          // Chunks of 1 to 8 bytes put an edge inside every sequence, a byte apart over the runs (byte by byte
          // in each run cost the fuzz more than all other guard properties; a slow consumer's backpressure
          // is the shell's: binary-guard.shell.test.ts).
          for (const chunked of [
            guardCore(chunks, { guardWindowBytes: size }),
            guardCore(chunksOf(bytes, step), { guardWindowBytes: size }),
          ]) {
            expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
            expect(chunked.guard.stats).toEqual(whole.guard.stats);
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should account for every byte, the passed ones being the input without its withheld runs', async () => {
    await fc.assert(
      fc.asyncProperty(withChunks(mixedBytes), guardWindowBytes, async ({ bytes, chunks }, size) => {
        const { output, guard } = guardCore(chunks, { guardWindowBytes: size, emitPlaceholder: false });
        const { passedBytes, withheldBytes, heldBytes, withheldRuns, withheldRunCount } = guard.stats;
        expect(passedBytes + withheldBytes).toBe(bytes.length);
        expect(heldBytes).toBe(0);
        expect(withheldRunCount).toBe(withheldRuns.length);
        expect(withheldRuns.reduce((sum, run) => sum + run.bytes, 0)).toBe(withheldBytes);
        expect(output.toString('hex')).toBe(withoutRuns(bytes, withheldRuns).toString('hex'));
      }),
      LIMITS,
    );
  });

  it('should decide a run step the same whether the carried and new bytes are joined or seamed', () => {
    // Carried bytes as the run leaves them: strict UTF-8, perhaps ending inside a character.
    const cut = (text: Buffer, at: number) => Math.min(600, at % (text.length + 1));
    const followedByAnything = fc
      .tuple(controlHeavyUtf8, fc.nat(), fc.oneof(mixedBytes, controlHeavyUtf8))
      .map(([text, at, next]) => [text.subarray(0, cut(text, at)), next] as const);
    // The next bytes finish the carried character, then go on as anything.
    const continuingIt = fc
      .tuple(controlHeavyUtf8, fc.nat(), fc.oneof(mixedBytes, controlHeavyUtf8))
      .map(([text, at, rest]) => {
        const end = cut(text, at);
        return [text.subarray(0, end), Buffer.concat([text.subarray(end), rest])] as const;
      });
    // Carried bytes never hold a whole NUL run: it would have ended the run when they were new.
    const nulRun = Buffer.alloc(NUL_RUN_BYTES);
    const pair = fc
      .oneof(followedByAnything, continuingIt)
      .filter(([carried, next]) => next.length > 3 && !carried.includes(nulRun));
    fc.assert(
      fc.property(pair, fc.boolean(), fc.nat({ max: 600 }), ([carried, next], final, passed) => {
        // The scans the Node stage uses (portableByteOps equals them: shared's byte-ops property).
        const joined = scanRun(Buffer.alloc(0), Buffer.concat([carried, next]), final, passed, nodeByteOps);
        expect(scanRun(carried, next, final, passed, nodeByteOps)).toEqual(joined);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('should find the longest strict-UTF-8 prefix for any bytes, start and first block', () => {
    fc.assert(
      fc.property(
        fc.oneof(mixedBytes, controlHeavyUtf8),
        fc.integer({ min: 4, max: 2048 }),
        fc.nat(),
        (bytes, block, at) => {
          const start = at % (bytes.length + 1);
          const longest = longestUtf8Prefix(bytes, start, bytes.length);
          expect(findValidUtf8Prefix(bytes, start, bytes.length, block, nodeByteOps)).toBe(longest);
        },
      ),
      LIMITS,
    );
  });
});
