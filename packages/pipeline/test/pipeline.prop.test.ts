import { chunkedBytes, chunkedUtf8, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pipeline } from '../src/index';

describe('pipeline properties', () => {
  it('should hand back any valid UTF-8 unchanged, for any chunking, when nothing is truncated', async () => {
    await fc.assert(
      fc.asyncProperty(
        chunkedUtf8(400),
        fc.constantFrom(null, 'gbk', 'shift_jis'),
        async ({ text, bytes, chunks }, fallback) => {
          const capture = await pipeline(feed(chunks), { maxBytes: null, fallback });
          expect(capture.text).toBe(text);
          expect(capture.bytes).toBe(bytes.length);
          expect(capture.binaryWithheld).toBe(false);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same capture for any chunking of any bytes, with counts that add up and markers where it says', async () => {
    const input = chunkedBytes({ maxLength: 3000 }).chain((sample) =>
      fc.tuple(
        fc.constant(sample),
        fc.nat({ max: 3200 }),
        fc.constantFrom('head', 'tail', 'both') as fc.Arbitrary<'head'>,
      ),
    );
    await fc.assert(
      fc.asyncProperty(input, async ([{ bytes, chunks }, maxBytes, keep]) => {
        const options = { maxBytes, keep, windowBytes: 1024, fallback: 'cp1252' };
        const chunked = await pipeline(feed(chunks), options);
        const whole = await pipeline(feed([bytes]), options);
        expect(chunked).toEqual(whole);
        expect(chunked.bytes).toBe(bytes.length);
        if (chunked.transcodedFrom === null) {
          expect(chunked.keptBytes + chunked.omittedBytes + chunked.withheldBytes).toBe(bytes.length);
        }
        expect(chunked.text.isWellFormed()).toBe(true);
        if (chunked.marker !== null) {
          expect(chunked.text.startsWith(chunked.marker, chunked.markerIndex as number)).toBe(true);
        }
        if (chunked.placeholder !== null) {
          expect(chunked.text.startsWith(chunked.placeholder, chunked.placeholderIndex as number)).toBe(true);
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
