import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countInvalidUtf8 } from '../src/count-invalid-utf8';
import { decode, invalidBytesOracle, messyBytes } from './helpers/utf8';

const REPLACEMENT = '\u{fffd}';
const LITERAL_REPLACEMENT = Buffer.from(REPLACEMENT);

/**
 * The invalid bytes a replacing TextDecoder implies: the bytes not decoded into characters other than
 * U+FFFD, less those of U+FFFD written in the input (EF BF BD is well-formed wherever it occurs).
 */
function replacementOracle(bytes: Buffer): number {
  const text = decode(bytes);
  let literal = 0;
  for (
    let at = bytes.indexOf(LITERAL_REPLACEMENT);
    at !== -1;
    at = bytes.indexOf(LITERAL_REPLACEMENT, at + 3)
  )
    literal++;
  return bytes.length - Buffer.byteLength(text.replaceAll(REPLACEMENT, '')) - 3 * literal;
}

describe('countInvalidUtf8', () => {
  it.each([
    ['valid text of every width', 'a é € 😀', 0],
    ['a stray continuation byte', [0x61, 0x80, 0x62], 1],
    ['a byte that never occurs', [0xff], 1],
    ['an overlong slash', [0xc0, 0xaf], 2],
    ['an encoded surrogate', [0xed, 0xa0, 0x80], 3],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 4],
    ['a sequence cut short by ASCII', [0xe2, 0x82, 0x41], 2],
    ['a 4-byte sequence cut short at the end', [0xf0, 0x9f, 0x98], 3],
    ['an overlong E0 sequence', [0xe0, 0x80, 0x80], 3],
  ])('should count %s', (_name, input, expected) => {
    const bytes = typeof input === 'string' ? Buffer.from(input) : Buffer.from(input);
    expect(countInvalidUtf8(bytes)).toBe(expected);
  });

  it('should count invalid bytes exactly across its internal blocks when the input is large', () => {
    const bytes = Buffer.concat([Buffer.alloc(4094, 0x61), Buffer.from('😀'), Buffer.from([0x80, 0xff])]);
    expect(countInvalidUtf8(bytes)).toBe(2);
  });

  it('should agree with a fatal TextDecoder matching one character at a time', () => {
    fc.assert(
      fc.property(messyBytes(1200), (bytes) => {
        expect(countInvalidUtf8(bytes)).toBe(invalidBytesOracle(bytes));
      }),
    );
  });

  it('should agree with the oracle when characters straddle its internal block boundary', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4088, max: 4100 }), messyBytes(), (padding, bytes) => {
        const input = Buffer.concat([Buffer.alloc(padding, 0x61), Buffer.from('😀€é'), bytes]);
        expect(countInvalidUtf8(input)).toBe(invalidBytesOracle(input));
      }),
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
        expect(countInvalidUtf8(input)).toBe(replacementOracle(input));
      }),
    );
  });

  it('should judge every lead byte with every second byte as the replacing TextDecoder does', () => {
    for (let lead = 0; lead < 0x100; lead++) {
      for (let second = 0; second < 0x100; second++) {
        for (const input of [
          [lead, second],
          [lead, second, 0x80, 0xbf],
          [lead, second, 0xbf, 0x41],
        ]) {
          const bytes = Buffer.from(input);
          if (countInvalidUtf8(bytes) !== replacementOracle(bytes))
            expect(bytes).toBe('counted as the decoder does');
        }
      }
    }
  });
});
