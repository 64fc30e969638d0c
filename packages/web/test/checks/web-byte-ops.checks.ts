import type { BytePositions } from '@pipeguard/line-splitter/core';
import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';
import fc from 'fast-check';
import { webBytePositions } from '../../src/byte-positions';
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

/** The positions of `a` or `b` in `bytes[from, from + windowBytes)`, by a byte loop. */
function loopPositions(bytes: Uint8Array, from: number, windowBytes: number, a: number, b: number): number[] {
  const found: number[] = [];
  for (let at = from; at < Math.min(from + windowBytes, bytes.length); at++)
    if (bytes[at] === a || bytes[at] === b) found.push(at);
  return found;
}

/** `webBytePositions` against a byte loop: views at any alignment, windows cut anywhere, a whole window and more. */
function checkBytePositions(runs: number): void {
  const positions = webBytePositions;
  assertEqual(positions !== undefined, true, 'webBytePositions compiled');
  if (positions === undefined) return;
  const { windowBytes } = positions;
  const answer = (bytes: Uint8Array, from: number, a: number, b: number) =>
    Array.from(positions.find(bytes, from, a, b));
  fc.assert(
    fc.property(
      byteView(),
      fc.nat(310),
      fc.constantFrom(...ALPHABET),
      fc.constantFrom(...ALPHABET),
      (bytes, from, a, b) => {
        assertEqual(answer(bytes, from, a, b), loopPositions(bytes, from, windowBytes, a, b), 'positions');
      },
    ),
    { numRuns: runs },
  );
  // Past a window: the first call stops at its end, the next goes on from there.
  fc.assert(
    fc.property(fc.nat(40), fc.array(fc.nat(2 * windowBytes + 40), { maxLength: 30 }), (before, lineEnds) => {
      const bytes = new Uint8Array(2 * windowBytes + 41).fill(0x41);
      for (const at of lineEnds) bytes[at] = at % 3 === 0 ? 0x0d : 0x0a;
      for (let from = before; from < bytes.length; from += windowBytes)
        assertEqual(
          answer(bytes, from, 0x0a, 0x0d),
          loopPositions(bytes, from, windowBytes, 0x0a, 0x0d),
          'window',
        );
    }),
    { numRuns: Math.max(1, runs / 10) },
  );
}

/** What `countLineEnds` tells of `bytes`, from a byte loop's positions: the longest gap exact. */
function loopLineEnds(bytes: Uint8Array) {
  const at = loopPositions(bytes, 0, bytes.length, 0x0a, 0x0d);
  const crlfs = at.filter((position) => bytes[position] === 0x0a && bytes[position - 1] === 0x0d);
  const gaps = at.slice(1).map((position, index) => position - (at[index] as number));
  return {
    count: at.length - crlfs.length,
    first: at[0] ?? -1,
    last: at.at(-1) ?? -1,
    longest: Math.max(0, ...gaps),
  };
}

/**
 * `webBytePositions.countLineEnds` against a byte loop: views at any alignment, CRLFs at window seams, and
 * `longGap` the longest gap where that is 32 or more (at most it otherwise).
 */
function checkLineEndCount(runs: number): void {
  const count = webBytePositions?.countLineEnds;
  assertEqual(count !== undefined, true, 'countLineEnds compiled');
  if (count === undefined) return;
  const windowBytes = (webBytePositions as BytePositions).windowBytes;
  const check = (bytes: Uint8Array) => {
    const { longest, ...expected } = loopLineEnds(bytes);
    const { longGap, ...answer } = count(bytes);
    assertEqual(answer, expected, 'count, first and last');
    assertEqual(
      longest >= 32 ? longGap === longest : longGap <= longest,
      true,
      `longGap ${longGap} of ${longest}`,
    );
  };
  const lines = fc.array(fc.oneof(fc.constantFrom(0x0a, 0x0d, 0x41), fc.constant(0x41)), { maxLength: 200 });
  fc.assert(
    fc.property(byteView(), fc.nat(120), lines, (bytes, gap, more) => {
      check(bytes);
      check(Uint8Array.from([...bytes, ...new Uint8Array(gap).fill(0x41), ...more]));
    }),
    { numRuns: runs },
  );
  fc.assert(
    fc.property(fc.array(fc.nat(2 * windowBytes + 40), { maxLength: 30 }), fc.nat(40), (lineEnds, cut) => {
      const bytes = new Uint8Array(2 * windowBytes + 41).fill(0x41);
      for (const at of lineEnds) bytes[at] = at % 3 === 0 ? 0x0d : 0x0a;
      // A CRLF across the seam of two windows.
      bytes[cut + windowBytes - 1] = 0x0d;
      bytes[cut + windowBytes] = 0x0a;
      check(bytes.subarray(cut));
    }),
    { numRuns: Math.max(1, runs / 10) },
  );
}

export const webByteOpsChecks = suite('webByteOps', {
  'should answer as portableByteOps for any bytes, alignment, byte and position': (context) =>
    checkAgainst(portableByteOps, context.runs(300)),
  'should find every position of either byte in bulk (webBytePositions) as a byte loop does': (context) =>
    checkBytePositions(context.runs(300)),
  'should count the line ends of a chunk in bulk (webBytePositions.countLineEnds) as a byte loop does': (
    context,
  ) => checkLineEndCount(context.runs(300)),
});
