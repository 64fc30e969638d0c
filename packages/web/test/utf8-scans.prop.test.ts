import { isUtf8 } from 'node:buffer';
import { portableByteOps } from '@pipeguard/shared/core';
import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webByteOps } from '../src/index';

// The JavaScript UTF-8 validator (portableByteOps.isUtf8, which webByteOps uses outside Bun) and the word
// scans, each against Node's native answer (simdutf's `buffer.isUtf8`, memchr's `Buffer#indexOf`).

/** Every kind of sequence Unicode Table 3-7 tells apart, valid at its bounds or not, and each one's prefixes. */
const SEQUENCES: readonly number[][] = [
  [0x00],
  [0x41],
  [0x7f],
  [0xc2, 0x80],
  [0xdf, 0xbf],
  [0xe0, 0xa0, 0x80],
  [0xe1, 0x80, 0x80],
  [0xec, 0xbf, 0xbf],
  [0xed, 0x80, 0x80],
  [0xed, 0x9f, 0xbf],
  [0xee, 0x80, 0x80],
  [0xef, 0xbf, 0xbf],
  [0xef, 0xbb, 0xbf], // BOM
  [0xf0, 0x90, 0x80, 0x80],
  [0xf1, 0x80, 0x80, 0x80],
  [0xf3, 0xbf, 0xbf, 0xbf],
  [0xf4, 0x80, 0x80, 0x80],
  [0xf4, 0x8f, 0xbf, 0xbf],
  // Overlongs.
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0x80],
  [0xe0, 0x9f, 0xbf],
  [0xf0, 0x80, 0x80, 0x80],
  [0xf0, 0x8f, 0xbf, 0xbf],
  // Surrogates.
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  // Above U+10FFFF.
  [0xf4, 0x90, 0x80, 0x80],
  [0xf5, 0x80, 0x80, 0x80],
  [0xf7, 0xbf, 0xbf, 0xbf],
  // Bytes that start nothing, and bad continuations.
  [0x80],
  [0xbf],
  [0xf8],
  [0xfe],
  [0xff],
  [0xc3, 0x41],
  [0xe2, 0x82, 0x41],
  [0xf0, 0x9f, 0x98, 0xc3],
];
const PIECES = SEQUENCES.flatMap((sequence) => sequence.map((_, length) => sequence.slice(0, length + 1)));

/** Text with every edge sequence, in ASCII runs long enough for the word paths (and not). */
const edgyText = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 90 }).map((n) => Array(n).fill(0x61) as number[]) },
      { weight: 1, arbitrary: fc.array(fc.nat(255), { maxLength: 8 }) },
      {
        weight: 2,
        arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => [...Buffer.from(s)]),
      },
    ),
    // Sized so that ASCII runs and whole texts pass the word paths' thresholds (64 and 256 bytes).
    { maxLength: 60, size: 'max' },
  )
  .map((parts) => Uint8Array.from(parts.flat()));

/** `bytes` at any alignment in a larger buffer, with bytes either side that must not be read. */
const placed = (bytes: Uint8Array, before: number, after: number, fill: number): Uint8Array => {
  const buffer = new Uint8Array(before + bytes.length + after).fill(fill);
  buffer.set(bytes, before);
  return buffer.subarray(before, before + bytes.length);
};

const VALIDATORS = { portableByteOps, webByteOps };

describe('the web byte scans against Node', () => {
  for (const [name, ops] of Object.entries(VALIDATORS)) {
    it(`should give ${name}.isUtf8 buffer.isUtf8's answer, whole and in chunks cut anywhere (truncated sequences at chunk ends)`, () => {
      fc.assert(
        fc.property(
          edgyText,
          fc.array(fc.nat(), { maxLength: 6 }),
          fc.nat(7),
          fc.nat(7),
          fc.constantFrom(0x80, 0xc3, 0x41),
          (bytes, cuts, before, after, fill) => {
            const at = [
              0,
              ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b),
              bytes.length,
            ];
            for (let index = 0; index < at.length - 1; index++) {
              const chunk = placed(bytes.subarray(at[index], at[index + 1]), before, after, fill);
              expect(ops.isUtf8(chunk)).toBe(isUtf8(chunk));
            }
            const whole = placed(bytes, before, after, fill);
            expect(ops.isUtf8(whole)).toBe(isUtf8(whole));
          },
        ),
        { numRuns: propertyRuns(2000) },
      );
    });
  }

  it("should give webByteOps.indexOf and isAscii Buffer's answers over random bytes, from anywhere, buffers reused and rewritten", () => {
    // One buffer for every case, rewritten each time: a word view kept from an earlier search must read
    // the bytes as they are now.
    const shared = new Uint8Array(2048 + 8);
    fc.assert(
      fc.property(
        // Sparse: a filler with a few bytes of every kind, so a search crosses many words to its match.
        fc
          .tuple(
            fc.integer({ min: 0, max: 2048 }),
            fc.constantFrom(0x61, 0x00, 0xe4),
            fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 12 }),
          )
          .map(([length, filler, marks]) => {
            const values = new Uint8Array(length).fill(filler);
            for (const [at, value] of marks) if (length > 0) values[at % length] = value;
            return values;
          }),
        fc.nat(7),
        fc.constantFrom(0x00, 0x0a, 0x0d, 0x1b, 0x80, 0xff),
        fc.integer({ min: -2100, max: 2100 }),
        fc.boolean(),
        (values, before, byte, from, reuse) => {
          const bytes = reuse
            ? shared.subarray(before, before + values.length)
            : placed(values, before, 3, byte);
          bytes.set(values);
          const node = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
          expect(webByteOps.indexOf(bytes, byte, from)).toBe(node.indexOf(byte, from));
          expect(webByteOps.isAscii(bytes)).toBe(node.every((value) => value < 0x80));
          // Every match in turn, as a line splitter finds them.
          for (let from = 0, at = 0; at !== -1; from = at + 1) {
            at = node.indexOf(byte, from);
            expect(webByteOps.indexOf(bytes, byte, from)).toBe(at);
          }
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should find a byte past a transferred buffer, whose words were read before', () => {
    const first = new Uint8Array(1024).fill(0x61);
    first[900] = 0x0a;
    expect(webByteOps.indexOf(first, 0x0a, 0)).toBe(900);
    const moved = new Uint8Array(structuredClone(first.buffer, { transfer: [first.buffer] }));
    expect(webByteOps.indexOf(first, 0x0a, 0)).toBe(-1);
    moved[900] = 0x61;
    moved[1000] = 0x0a;
    expect(webByteOps.indexOf(moved, 0x0a, 0)).toBe(1000);
  });
});
