import fc from 'fast-check';
import { webLegacyCodec } from '../../src/index';
import { assert, assertEqual, suite } from './check';

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, byte) => byte);

export const codepageChecks = suite('webLegacyCodec', {
  "should decode every byte of every single-byte codepage as the Node stage's iconv-lite": (context) => {
    const names = Object.keys(context.singleByteOracle);
    assert(names.length > 300, `the oracle has ${names.length} codepage names`);
    for (const name of names) {
      const expected = context.singleByteOracle[name] as string;
      assert(webLegacyCodec.encodingExists(name), `${name} is supported`);
      assertEqual(webLegacyCodec.decode(ALL_BYTES, name), expected, `${name}, bytes 0x00-0xFF`);
      for (let byte = 0; byte < 256; byte++) {
        assertEqual(
          webLegacyCodec.decode(ALL_BYTES.subarray(byte, byte + 1), name),
          expected[byte],
          `${name}, byte ${byte}`,
        );
      }
    }
  },

  'should decode any bytes of any listed codepage byte by byte, as iconv-lite does': (context) => {
    const names = Object.keys(context.singleByteOracle);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.uint8Array({ maxLength: 300 }), (name, bytes) => {
        const table = context.singleByteOracle[name] as string;
        const expected = Array.from(bytes, (byte) => table[byte]).join('');
        assertEqual(webLegacyCodec.decode(bytes, name), expected, name);
      }),
      { numRuns: context.runs(300) },
    );
  },

  'should accept every spelling iconv-lite accepts, double-byte ones too, and refuse the others': () => {
    for (const name of [
      'CP1251',
      'windows-1251',
      'Windows1251',
      'IBM866',
      'koi8-r',
      'ISO-8859-2',
      'latin1',
      'gbk',
      'GB18030',
      'shift_jis',
      'Windows-31J',
      'euc-jp',
      'EUC-KR',
      'cp949',
      'big5',
      'cp950',
    ]) {
      assert(webLegacyCodec.encodingExists(name), `${name} is supported`);
    }
    for (const name of ['utf8', 'utf-7', 'utf16le', 'no-such-codepage']) {
      assert(!webLegacyCodec.encodingExists(name), `${name} is not`);
    }
  },
});
