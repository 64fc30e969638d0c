import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countControlBytes, findControlByte, isControlByte } from '../src/index';

describe('countControlBytes and findControlByte properties', () => {
  it('should count and find exactly like a byte loop for any bytes, offsets and range', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300, size: 'max' }),
          // Mostly printable with a rare control byte, so most words are skipped whole.
          fc
            .array(
              fc.oneof(
                { weight: 30, arbitrary: fc.integer({ min: 0x20, max: 0xff }) },
                { weight: 1, arbitrary: fc.nat({ max: 0x20 }) },
              ),
              { maxLength: 300, size: 'max' },
            )
            .map((values) => Uint8Array.from(values)),
        ),
        fc.nat(),
        fc.nat(),
        fc.nat({ max: 7 }),
        (array, a, b, shift) => {
          // Copy at an arbitrary alignment: the word loop must handle any byteOffset.
          const backing = new Uint8Array(array.length + 8);
          backing.set(array, shift);
          const bytes = backing.subarray(shift, shift + array.length);
          const start = array.length === 0 ? 0 : a % (array.length + 1);
          const end = start + (array.length === 0 ? 0 : b % (array.length - start + 1));
          let expected = 0;
          let first = end;
          let firstOdd = end;
          for (let index = start; index < end; index++) {
            if (!isControlByte(bytes[index] as number)) continue;
            expected++;
            first = Math.min(first, index);
            if (index % 2 === 1) firstOdd = Math.min(firstOdd, index);
          }
          expect(countControlBytes(bytes, start, end)).toBe(expected);
          expect(findControlByte(bytes, start, end)).toBe(first);
          expect(findControlByte(bytes, start, end, (_, at) => at % 2 === 0)).toBe(firstOdd);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
