import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeByteOps, portableByteOps } from '../src/index';

// Bytes drawn from a small alphabet, so that searches find something and UTF-8 is often well-formed.
const bytes = fc
  .array(fc.constantFrom(0x00, 0x0a, 0x1b, 0x41, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xff), { maxLength: 40 })
  .map((values) => Uint8Array.from(values));
const view = fc
  .tuple(bytes, fc.nat(4))
  .map(
    ([values, offset]) =>
      new Uint8Array(Uint8Array.from([...new Array(offset).fill(7), ...values]).buffer, offset),
  );

describe('portableByteOps', () => {
  it('should answer as nodeByteOps for any bytes, byte and position', () => {
    fc.assert(
      fc.property(
        view,
        fc.constantFrom(0x00, 0x0a, 0x1b, 0x41, 0xff),
        fc.integer({ min: -2, max: 45 }),
        (input, byte, from) => {
          expect(portableByteOps.indexOf(input, byte, from)).toBe(nodeByteOps.indexOf(input, byte, from));
          expect(portableByteOps.lastIndexOf(input, byte, from)).toBe(
            nodeByteOps.lastIndexOf(input, byte, from),
          );
          expect(portableByteOps.isUtf8(input)).toBe(nodeByteOps.isUtf8(input));
          expect(portableByteOps.isAscii(input)).toBe(nodeByteOps.isAscii(input));
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should find a sequence and compare bytes as nodeByteOps', () => {
    fc.assert(
      fc.property(
        view,
        bytes.filter((needle) => needle.length > 0 && needle.length < 4),
        fc.nat(45),
        view,
        (input, needle, from, other) => {
          expect(portableByteOps.indexOfSequence(input, needle, from)).toBe(
            nodeByteOps.indexOfSequence(input, needle, from),
          );
          expect(portableByteOps.equals(input, other)).toBe(nodeByteOps.equals(input, other));
          expect(portableByteOps.equals(input, input.slice())).toBe(true);
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });
});
