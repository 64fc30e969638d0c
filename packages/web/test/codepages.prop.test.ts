import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { webLegacyCodec } from '../src/index';
import { singleByteOracle } from './runtimes/codepage-oracle';

const NAMES = Object.keys(singleByteOracle());

describe('webLegacyCodec', () => {
  it("should decode any bytes in any single-byte codepage exactly as the Node stage's iconv-lite", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.uint8Array({ maxLength: 2000 }), (name, bytes) => {
        expect(webLegacyCodec.decode(bytes, name)).toBe(
          iconv.decode(Buffer.from(bytes), name, { stripBOM: false }),
        );
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('should decode more than one batch of bytes as one text', () => {
    const bytes = Uint8Array.from({ length: 200_000 }, (_, index) => (index * 7) & 0xff);
    expect(webLegacyCodec.decode(bytes, 'cp1251')).toBe(iconv.decode(Buffer.from(bytes), 'cp1251'));
  });

  it('should throw a TypeError naming an encoding it does not decode', () => {
    expect(() => webLegacyCodec.decode(new Uint8Array(1), 'gbk')).toThrow(
      new TypeError(`The "encoding" argument must be a single-byte codepage. Received 'gbk'`),
    );
  });
});
