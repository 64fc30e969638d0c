import type { LineEndCount } from '@pipeguard/line-splitter/core';
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

/** `LineEndCount` of `bytes` from the positions of its LFs and CRs (a CR at the end is a line end alone). */
function countFromPositions(bytes: Uint8Array): LineEndCount {
  const ends = loopPositions(bytes, 0, bytes.length, 0x0a, 0x0d);
  // A unit per line end but the LF of a CRLF; `starts[k]` is where unit k begins.
  const units = ends.filter((at) => !(bytes[at] === 0x0a && bytes[at - 1] === 0x0d));
  const nexts = units.map((at) => (bytes[at] === 0x0d && bytes[at + 1] === 0x0a ? at + 2 : at + 1));
  const lengths = units.map((at, unit) => at - (unit === 0 ? 0 : (nexts[unit - 1] as number)));
  return {
    count: units.length,
    firstEnd: units[0] ?? 0,
    firstNext: nexts[0] ?? 0,
    next: nexts[nexts.length - 1] ?? 0,
    longestAfterFirst: Math.max(0, ...lengths.slice(1)),
  };
}

/** `webBytePositions.countLineEnds` against a byte loop: views at any alignment, CRLFs across windows. */
function checkLineEndCount(runs: number): void {
  const count = webBytePositions?.countLineEnds;
  assertEqual(count !== undefined, true, 'countLineEnds compiled');
  if (webBytePositions === undefined || count === undefined) return;
  const { windowBytes } = webBytePositions;
  const lineEnd = fc.constantFrom(0x0a, 0x0d);
  fc.assert(
    fc.property(byteView(), fc.array(fc.tuple(fc.nat(310), lineEnd), { maxLength: 12 }), (view, ends) => {
      for (const [at, byte] of ends) if (at < view.length) view[at] = byte;
      assertEqual(count(view), countFromPositions(view), 'count');
    }),
    { numRuns: runs },
  );
  // Several windows, a CR or a CRLF at every seam, and a CR at the very end (a line end of its own).
  fc.assert(
    fc.property(
      fc.nat(40),
      fc.array(fc.tuple(fc.nat(3 * windowBytes), fc.constantFrom(0x0a, 0x0d, 0x0d0a)), { maxLength: 30 }),
      fc.nat(3),
      (extra, lineEnds, seams) => {
        const bytes = new Uint8Array(2 * windowBytes + extra + 1).fill(0x41);
        for (const [at, end] of lineEnds) {
          const index = at % bytes.length;
          if (end === 0x0d0a) bytes.set([0x0d, 0x0a].slice(0, bytes.length - index), index);
          else bytes[index] = end;
        }
        for (let seam = 1; seam <= Math.min(seams, 2); seam++)
          bytes.set([0x0d, 0x0a], seam * windowBytes - 1);
        if (seams === 3) bytes[bytes.length - 1] = 0x0d;
        assertEqual(count(bytes), countFromPositions(bytes), 'windows');
      },
    ),
    { numRuns: Math.max(1, runs / 10) },
  );
  // A CR at the end, after a longer chunk put an LF in the memory right after it: still a line end alone.
  count(Uint8Array.of(0x41, 0x41, 0x0a, 0x0a));
  assertEqual(
    count(Uint8Array.of(0x41, 0x0d)),
    countFromPositions(Uint8Array.of(0x41, 0x0d)),
    'CR at the end',
  );
}

export const webByteOpsChecks = suite('webByteOps', {
  'should answer as portableByteOps for any bytes, alignment, byte and position': (context) =>
    checkAgainst(portableByteOps, context.runs(300)),
  'should find every position of either byte in bulk (webBytePositions) as a byte loop does': (context) =>
    checkBytePositions(context.runs(300)),
  'should count the line ends in bulk (webBytePositions.countLineEnds) as a byte loop does': (context) =>
    checkLineEndCount(context.runs(300)),
});
