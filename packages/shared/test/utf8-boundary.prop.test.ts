import { isUtf8 } from 'node:buffer';
import { chunkedUtf8, longestUtf8Prefix, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUtf8BoundaryBefore,
  skipUtf8Continuation,
  wellFormedLength,
  wellFormedPrefixEnd,
} from '../src/index';

/** Byte offsets at which `text`'s characters start, plus its byte length: every legal cut. */
function characterBoundaries(text: string): Set<number> {
  const boundaries = new Set([0]);
  let offset = 0;
  for (const character of text) {
    offset += Buffer.byteLength(character);
    boundaries.add(offset);
  }
  return boundaries;
}

describe('findUtf8BoundaryBefore', () => {
  it('should return the largest character boundary at or before any index of valid UTF-8', () => {
    fc.assert(
      fc.property(chunkedUtf8(), fc.nat(), ({ text, bytes }, seed) => {
        const end = bytes.length === 0 ? 0 : seed % (bytes.length + 1);
        const cut = findUtf8BoundaryBefore(bytes, end);
        const boundaries = characterBoundaries(text);
        const expected = Math.max(...[...boundaries].filter((boundary) => boundary <= end));
        expect(cut).toBe(expected);
        expect(isUtf8(bytes.subarray(0, cut))).toBe(true);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});

describe('skipUtf8Continuation', () => {
  it('should return the smallest character boundary at or after any index of valid UTF-8', () => {
    fc.assert(
      fc.property(chunkedUtf8(), fc.nat(), ({ text, bytes }, seed) => {
        const start = bytes.length === 0 ? 0 : seed % (bytes.length + 1);
        const boundaries = characterBoundaries(text);
        const expected = Math.min(...[...boundaries].filter((boundary) => boundary >= start));
        expect(skipUtf8Continuation(bytes, start)).toBe(expected);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});

const anyByte = fc.integer({ min: 0, max: 255 });
const continuationByte = fc.integer({ min: 0x80, max: 0xbf });
/** Unicode Table 3-7's edges, so every lead's second-byte range is met often, not by luck. */
const tableEdge = fc.constantFrom(
  0x41,
  0x7f,
  0x80,
  0x8f,
  0x90,
  0x9f,
  0xa0,
  0xbf,
  0xc0,
  0xc1,
  0xc2,
  0xdf,
  0xe0,
  0xed,
  0xef,
  0xf0,
  0xf4,
  0xf5,
  0xff,
);

describe('wellFormedLength', () => {
  it('should give the length of the one character isUtf8 accepts at the index, else 0', () => {
    const lead = fc.oneof(tableEdge, anyByte);
    const follower = fc.oneof(continuationByte, tableEdge, anyByte);
    const input = fc
      .tuple(fc.array(anyByte, { maxLength: 2 }), lead, fc.array(follower, { maxLength: 4 }))
      .map(([before, first, after]) => ({
        bytes: Buffer.from([...before, first, ...after]),
        index: before.length,
      }));
    fc.assert(
      fc.property(input, fc.nat(), ({ bytes, index }, endSeed) => {
        const end = index + 1 + (endSeed % (bytes.length - index));
        // The shortest strict-UTF-8 prefix is one whole character: a cut character never validates.
        const lengths = [1, 2, 3, 4].filter((n) => index + n <= end);
        const expected = lengths.find((n) => isUtf8(bytes.subarray(index, index + n))) ?? 0;
        expect(wellFormedLength(bytes, index, end)).toBe(expected);
      }),
      { numRuns: propertyRuns(5000) },
    );
  });
});

describe('wellFormedPrefixEnd', () => {
  it('should end the longest prefix isUtf8 accepts in any range', () => {
    const bytes = fc
      .array(fc.oneof(tableEdge, continuationByte, anyByte), { maxLength: 16 })
      .map((array) => Buffer.from(array));
    fc.assert(
      fc.property(bytes, fc.nat(), fc.nat(), (input, startSeed, endSeed) => {
        const start = startSeed % (input.length + 1);
        const end = start + (endSeed % (input.length - start + 1));
        expect(wellFormedPrefixEnd(input, start, end)).toBe(longestUtf8Prefix(input, start, end));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});
