import { chunkedBytes, chunkedUtf8, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureCores } from './capture-cores';

describe('pipeline properties', () => {
  it('should hand back any valid UTF-8 unchanged, for any chunking, when nothing is truncated', () => {
    fc.assert(
      fc.property(
        chunkedUtf8(400),
        fc.constantFrom(null, 'gbk', 'shift_jis'),
        ({ text, bytes, chunks }, fallback) => {
          const { capture } = captureCores(chunks, { maxBytes: null, fallback });
          expect(capture.text).toBe(text);
          expect(capture.bytes).toBe(bytes.length);
          expect(capture.binaryWithheld).toBe(false);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same capture for any chunking of any bytes, with counts that add up and markers where it says', () => {
    const input = chunkedBytes({ maxLength: 3000 }).chain((sample) =>
      fc.tuple(
        fc.constant(sample),
        fc.nat({ max: 3200 }),
        fc.constantFrom('head', 'tail', 'both') as fc.Arbitrary<'head'>,
      ),
    );
    fc.assert(
      fc.property(input, ([{ bytes, chunks }, maxBytes, keep]) => {
        const options = { maxBytes, keep, guardWindowBytes: 1024, fallback: 'cp1252' };
        const chunked = captureCores(chunks, options).capture;
        const whole = captureCores([bytes], options).capture;
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
