import { findUtf8BoundaryBefore, nodeByteOps, skipUtf8Continuation } from '@pipeguard/shared';
import { cutAt, cutsFor, driveCore, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSinkCore } from '../src/core';
import {
  type BoundedSinkOptions,
  type BoundedSinkResult,
  formatTruncationMarker,
  joinAroundMarker,
  type KeepMatches,
  type KeepMode,
} from '../src/index';

const RUNS = propertyRuns(1000);

/** Lines made of a few words, some of them matching, some multi-byte, with and without a last line feed. */
const text = fc
  .array(
    fc.constantFrom('x', 'ab ', 'err', 'or', 'E', 'FAIL', 'é', '×', '\n', '\n', '\r\n', 'x'.repeat(30)),
    {
      maxLength: 150,
      size: 'max',
    },
  )
  .map((words) => Buffer.from(words.join('')));

const patterns = fc.constantFrom<KeepMatches>(true, 'error', ['err', 'E'], /r+o/, ['×', /^ab/], 'é', 'FAIL');

const settings = fc.record({
  keep: fc.constantFrom<KeepMode>('head', 'tail', 'both'),
  keepMatches: patterns,
  context: fc.nat({ max: 3 }),
  contextBefore: fc.nat({ max: 2 }),
  matchShare: fc.constantFrom(0.1, 0.25, 0.5, 0.9),
  maxMatchLineBytes: fc.integer({ min: 1, max: 40 }),
  cutAt: fc.constantFrom<'byte' | 'line'>('byte', 'line'),
});

const chunked = text.chain((bytes) =>
  cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })),
);

/** An input, its chunking and options whose budget is mostly below the input's length. */
const cases = chunked.chain((input) =>
  fc.tuple(
    fc.constant(input),
    fc
      .tuple(settings, fc.nat({ max: input.bytes.length + 2 }))
      .map(([rest, maxBytes]) => ({ ...rest, maxBytes })),
  ),
);

/** Drives the sink's core (the Node stage is a shell over it: bounded-sink.shell.test.ts); its bytes are Buffers. */
async function capture(chunks: Buffer[], sinkOptions: BoundedSinkOptions): Promise<BoundedSinkResult> {
  const [result] = driveCore(new BoundedSinkCore({ ...sinkOptions, byteOps: nodeByteOps }), chunks);
  return result as BoundedSinkResult;
}

/**
 * A result with its Buffers (kept bytes and each excerpt's) as hex: `toEqual` walks a Buffer byte by
 * byte as an iterable, which made 10 000 fuzz runs take minutes; hex strings compare the same bytes at once.
 */
function comparable(result: BoundedSinkResult): object {
  return {
    ...result,
    bytes: result.bytes.toString('hex'),
    excerpts: result.excerpts.map((excerpt) => ({ ...excerpt, bytes: excerpt.bytes.toString('hex') })),
  };
}

/** The sink before keepMatches and cutAt, restated: head and tail cut between characters, one marker. */
function oldResult(bytes: Buffer, maxBytes: number, keep: KeepMode): { bytes: Buffer; text: string } {
  if (bytes.length <= maxBytes) return { bytes, text: bytes.toString() };
  const head = keep === 'head' ? maxBytes : keep === 'tail' ? 0 : Math.ceil(maxBytes / 2);
  const headEnd = findUtf8BoundaryBefore(bytes, head);
  const tailStart = skipUtf8Continuation(bytes, bytes.length - (maxBytes - head));
  const kept = Buffer.concat([bytes.subarray(0, headEnd), bytes.subarray(tailStart)]);
  const marker = formatTruncationMarker('stdout', bytes.length - kept.length, bytes.length, maxBytes);
  const placed = joinAroundMarker(
    bytes.subarray(0, headEnd).toString(),
    marker,
    bytes.subarray(tailStart).toString(),
    keep,
  );
  return { bytes: kept, text: placed.text };
}

describe('BoundedSink keepMatches properties', () => {
  it('should conserve bytes exactly and stay within maxBytes for any input, chunking, budget and pattern', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ([{ bytes, chunks }, sinkOptions]) => {
        const result = await capture(chunks, sinkOptions);
        expect(result.keptBytes + result.omittedBytes).toBe(bytes.length);
        expect(result.bytes.length + result.excerptBytes).toBe(result.keptBytes);
        expect(result.keptBytes).toBeLessThanOrEqual(Math.max(sinkOptions.maxBytes, 0) || bytes.length);
        if (result.truncated) expect(result.keptBytes).toBeLessThanOrEqual(sinkOptions.maxBytes);
        expect(result.excerptBytes).toBeLessThanOrEqual(
          Math.floor(sinkOptions.maxBytes * sinkOptions.matchShare),
        );
        expect(result.keptMatchedLines).toBeLessThanOrEqual(result.matchedLines);
        expect(result.excerpts.filter((excerpt) => excerpt.matched)).toHaveLength(result.keptMatchedLines);
      }),
      { numRuns: RUNS },
    );
  });

  it('should give the same result for any chunking of the same input', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ([{ bytes, chunks }, sinkOptions]) => {
        expect(comparable(await capture(chunks, sinkOptions))).toEqual(
          comparable(await capture([bytes], sinkOptions)),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('should keep as excerpts exactly the raw bytes at the offsets they name, each from a line start, inside the omitted part', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ([{ bytes, chunks }, sinkOptions]) => {
        const result = await capture(chunks, sinkOptions);
        {
          let previousEnd = result.omittedStart ?? 0;
          let previousLine = 0;
          for (const excerpt of result.excerpts) {
            // The input's bytes at the offset the excerpt names (as a read of the raw file would give them).
            const raw = bytes.subarray(
              excerpt.offset as number,
              (excerpt.offset as number) + excerpt.bytes.length,
            );
            expect(raw.toString('hex')).toBe(excerpt.bytes.toString('hex'));
            expect(excerpt.offset === 0 || bytes[(excerpt.offset as number) - 1] === 0x0a).toBe(true);
            expect(
              bytes.subarray(0, excerpt.offset as number).filter((byte) => byte === 0x0a).length + 1,
            ).toBe(excerpt.line);
            expect(excerpt.offset as number).toBeGreaterThanOrEqual(previousEnd);
            expect(excerpt.line).toBeGreaterThan(previousLine);
            previousEnd = (excerpt.offset as number) + excerpt.bytes.length;
            previousLine = excerpt.line;
          }
          const tailStart = result.totalBytes - (result.bytes.length - (result.omittedStart ?? 0));
          expect(previousEnd).toBeLessThanOrEqual(tailStart);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('should give today’s output byte for byte when nothing in the omitted part matches', async () => {
    const noMatch = fc.record({
      bytes: fc
        .array(fc.constantFrom('x', 'ab ', 'é', '\n', 'yy'), { maxLength: 120 })
        .map((words) => Buffer.from(words.join(''))),
      maxBytes: fc.nat({ max: 300 }),
      keep: fc.constantFrom<KeepMode>('head', 'tail', 'both'),
      keepMatches: fc.constantFrom<KeepMatches>(true, false, 'error', [/z/, '×']),
    });
    await fc.assert(
      fc.asyncProperty(noMatch, cutsFor(400), async ({ bytes, maxBytes, keep, keepMatches }, cuts) => {
        const result = await capture(
          cutAt(
            bytes,
            cuts.filter((cut) => cut <= bytes.length),
          ),
          {
            maxBytes,
            keep,
            keepMatches,
          },
        );
        const expected = oldResult(bytes, maxBytes, keep);
        expect(result.bytes.toString('hex')).toBe(expected.bytes.toString('hex'));
        expect(result.text).toBe(expected.text);
        expect(result.excerpts).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
