import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';
import fc from 'fast-check';
import { webByteOps } from '../../src/index';
import { assertEqual, suite } from './check';

/** Bytes from a small alphabet (searches find something, UTF-8 is often well-formed), long enough for words. */
const ALPHABET = [0x00, 0x0a, 0x1b, 0x41, 0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xff];
const alphabetBytes = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...ALPHABET), fc.constant(0x41)), { maxLength })
    .map((v) => Uint8Array.from(v));

/** A view at any alignment into a larger buffer, with bytes either side that must not be read. */
export const byteView = (maxLength = 300) =>
  fc.tuple(alphabetBytes(maxLength), fc.nat(7), fc.nat(7)).map(([values, before, after]) => {
    const buffer = new Uint8Array(before + values.length + after).fill(0x0a);
    buffer.set(values, before);
    return buffer.subarray(before, before + values.length);
  });

/** Valid UTF-8 of any length, ASCII for long stretches and then not. */
const utf8Text = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), fc.constant('a'.repeat(70))), {
    maxLength: 12,
  })
  .map((parts) => new TextEncoder().encode(parts.join('')));

/**
 * `ops` (webByteOps unless given) against `reference`: portableByteOps, itself equal to nodeByteOps (shared's
 * property), in every runtime; nodeByteOps in Node.
 */
export function checkAgainst(reference: ByteOps, runs: number, ops: ByteOps = webByteOps): void {
  fc.assert(
    fc.property(
      byteView(),
      fc.constantFrom(...ALPHABET),
      fc.integer({ min: -310, max: 310 }),
      (bytes, byte, from) => {
        assertEqual(ops.indexOf(bytes, byte, from), reference.indexOf(bytes, byte, from), 'indexOf');
        assertEqual(
          ops.lastIndexOf(bytes, byte, from),
          reference.lastIndexOf(bytes, byte, from),
          'lastIndexOf',
        );
        assertEqual(ops.isUtf8(bytes), reference.isUtf8(bytes), 'isUtf8');
        assertEqual(ops.isAscii(bytes), reference.isAscii(bytes), 'isAscii');
      },
    ),
    { numRuns: runs },
  );
  fc.assert(
    fc.property(
      byteView(),
      byteView(6).filter((n) => n.length > 0),
      fc.nat(310),
      byteView(),
      (bytes, needle, from, other) => {
        assertEqual(
          ops.indexOfSequence(bytes, needle, from),
          reference.indexOfSequence(bytes, needle, from),
          'indexOfSequence',
        );
        assertEqual(ops.equals(bytes, other), reference.equals(bytes, other), 'equals');
        const copy = new Uint8Array(bytes.length + 3).subarray(bytes.length % 4);
        copy.set(bytes);
        assertEqual(
          ops.equals(bytes, copy.subarray(0, bytes.length)),
          true,
          'equals a copy at another alignment',
        );
      },
    ),
    { numRuns: runs },
  );
  fc.assert(
    fc.property(utf8Text, fc.nat(), fc.constantFrom(...ALPHABET), (bytes, at, byte) => {
      assertEqual(ops.isUtf8(bytes), true, 'isUtf8 of valid UTF-8');
      const changed = bytes.slice();
      if (changed.length > 0) changed[at % changed.length] = byte;
      assertEqual(ops.isUtf8(changed), reference.isUtf8(changed), 'isUtf8 with one byte changed');
    }),
    { numRuns: runs },
  );
}

export const webByteOpsChecks = suite('webByteOps', {
  'should answer as portableByteOps for any bytes, alignment, byte and position': (context) =>
    checkAgainst(portableByteOps, context.runs(300)),
});
