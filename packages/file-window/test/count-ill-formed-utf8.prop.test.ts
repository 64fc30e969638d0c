import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countIllFormedUtf8 } from '../src/count-ill-formed-utf8';
import { illFormedBytesOracle, messyBytes, replacementOracle } from './helpers/utf8';

describe('countIllFormedUtf8 properties', () => {
  it('should agree with a fatal TextDecoder matching one character at a time', () => {
    fc.assert(
      fc.property(messyBytes(1200), (bytes) => {
        expect(countIllFormedUtf8(bytes)).toBe(illFormedBytesOracle(bytes));
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should agree with the oracle when characters straddle its internal block boundary', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4088, max: 4100 }), messyBytes(), (padding, bytes) => {
        const input = Buffer.concat([Buffer.alloc(padding, 0x61), Buffer.from('😀€é'), bytes]);
        // The ASCII padding is well-formed byte by byte, so the slow oracle needs only what follows it.
        expect(countIllFormedUtf8(input)).toBe(illFormedBytesOracle(input.subarray(padding)));
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should agree with the replacement a TextDecoder makes for arbitrary bytes', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((array) => Buffer.from(array)),
      messyBytes(),
      // Sequences of well-formed leads with arbitrary following bytes, where Table 3-7's ranges matter.
      fc
        .array(fc.tuple(fc.integer({ min: 0xc0, max: 0xf7 }), fc.uint8Array({ maxLength: 3 })), {
          maxLength: 16,
        })
        .map((pieces) => Buffer.concat(pieces.flatMap(([lead, rest]) => [Buffer.from([lead]), rest]))),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        expect(countIllFormedUtf8(input)).toBe(replacementOracle(input));
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
