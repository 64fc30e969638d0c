import { describe, expect, it } from 'vitest';
import { countIllFormedUtf8 } from '../src/count-ill-formed-utf8';
import { replacementOracle } from './helpers/utf8';

describe('countIllFormedUtf8', () => {
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
    expect(countIllFormedUtf8(bytes)).toBe(expected);
  });

  it('should count invalid bytes exactly across its internal blocks when the input is large', () => {
    const bytes = Buffer.concat([Buffer.alloc(4094, 0x61), Buffer.from('😀'), Buffer.from([0x80, 0xff])]);
    expect(countIllFormedUtf8(bytes)).toBe(2);
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
          if (countIllFormedUtf8(bytes) !== replacementOracle(bytes))
            expect(bytes).toBe('counted as the decoder does');
        }
      }
    }
  });
});
