import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrintableScan } from '../src/printable-scan';
import { byteLoop, isBeyondAscii, isPrintable } from './byte-loop';

/** Mostly printable ASCII, with the bytes around its bounds (controls, DEL, bytes beyond ASCII) now and then. */
const textByte = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.constantFrom(0x00, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0xbf, 0xe2, 0xff) },
);

/** Bytes in a view at any alignment of its buffer, and a range `[at, end)` of them. */
const viewAndRange = (byte: fc.Arbitrary<number>) =>
  fc
    .tuple(fc.array(byte, { maxLength: 64 }), fc.nat(3), fc.nat(), fc.nat())
    .map(([values, offset, atSeed, endSeed]) => {
      const buffer = new Uint8Array(values.length + offset);
      buffer.set(values, offset);
      const at = values.length === 0 ? 0 : atSeed % (values.length + 1);
      return { bytes: buffer.subarray(offset), at, end: at + (endSeed % (values.length - at + 1)) };
    });

describe('PrintableScan', () => {
  it('should find where printable ASCII ends as a byte loop does, from any index of any view', () => {
    fc.assert(
      fc.property(viewAndRange(textByte), ({ bytes, at, end }) => {
        expect(new PrintableScan().end(bytes, at, end)).toBe(byteLoop(bytes, at, end, isPrintable));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should find where a run shorter than a word ends as a byte loop does, whatever the bytes before it', () => {
    // A control or DEL just before the run borrows or carries into the byte after it (a space, a tilde).
    const edgeByte = fc.constantFrom(0x00, 0x0d, 0x1f, 0x20, 0x21, 0x7e, 0x7f, 0x80);
    fc.assert(
      fc.property(viewAndRange(edgeByte), fc.nat(3), ({ bytes, at, end }, length) => {
        const shortEnd = Math.min(end, at + length);
        expect(new PrintableScan().end(bytes, at, shortEnd)).toBe(byteLoop(bytes, at, shortEnd, isPrintable));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should find where a run beyond ASCII ends as a byte loop does, from any index of any view', () => {
    const byte = fc.oneof(fc.integer({ min: 0x80, max: 0xff }), textByte);
    fc.assert(
      fc.property(viewAndRange(byte), ({ bytes, at, end }) => {
        expect(new PrintableScan().asciiAt(bytes, at, end)).toBe(byteLoop(bytes, at, end, isBeyondAscii));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should read a refilled view afresh after forget', () => {
    const scan = new PrintableScan();
    const bytes = new Uint8Array(16).fill(0x41);
    expect(scan.end(bytes, 0, 16)).toBe(16);
    bytes[9] = 0x1b;
    scan.forget();
    expect(scan.end(bytes, 2, 16)).toBe(9);
  });
});
