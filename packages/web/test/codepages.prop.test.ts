import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DOUBLE_BYTE_NAMES } from '../src/codepages/double-byte-names';
import { webLegacyCodec } from '../src/index';
import { doubleByteBytes } from './checks/double-byte-inputs';
import { singleByteOracle } from './runtimes/codepage-oracle';

const NAMES = Object.keys(singleByteOracle());
/** Every name iconv-lite accepts for a double-byte codepage, as iconv-lite spells it. */
const DOUBLE_BYTE = Object.keys(DOUBLE_BYTE_NAMES);

describe('webLegacyCodec', () => {
  // First: this file's module state is its own, so no double-byte table is loaded yet.
  it('should refuse a double-byte codepage before its table is loaded, naming the call to make', () => {
    expect(() => webLegacyCodec.decode(new Uint8Array(1), 'Shift_JIS')).toThrow(
      new TypeError(`The table of 'Shift_JIS' is not loaded: await webLegacyCodec.load('Shift_JIS') first`),
    );
  });

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

  it("should decode any bytes in any double-byte codepage exactly as the Node stage's iconv-lite, malformed ones included", async () => {
    await webLegacyCodec.load(DOUBLE_BYTE);
    fc.assert(
      fc.property(fc.constantFrom(...DOUBLE_BYTE), doubleByteBytes(), (name, bytes) => {
        expect(webLegacyCodec.decode(bytes, name)).toBe(
          iconv.decode(Buffer.from(bytes), name, { stripBOM: false }),
        );
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('should throw a TypeError naming an encoding it does not decode', () => {
    expect(() => webLegacyCodec.decode(new Uint8Array(1), 'utf-7')).toThrow(
      new TypeError(`The "encoding" argument must be a codepage iconv-lite knows. Received 'utf-7'`),
    );
  });
});
