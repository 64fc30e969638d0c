import { canonicalEncoding } from './canonical-encoding';
import { doubleByteCodecOf, doubleByteTable, loadDoubleByteTable } from './double-byte-codecs';
import { decodeDoubleByte } from './double-byte-decoder';
import { SINGLE_BYTE_ALIASES, SINGLE_BYTE_TABLES } from './single-byte-tables';

/**
 * Decodes the legacy codepages a fallback decoder's core uses, injected as `ByteOps` is: the Node
 * shell passes iconv-lite, a web shell {@link webLegacyCodec}. Same names, same text.
 */
export interface LegacyCodec {
  /** Whether `encoding` (any spelling iconv-lite accepts: `CP1251`, `windows-1251`) can be decoded. */
  encodingExists(encoding: string): boolean;
  /** The text of `bytes` in `encoding` (a BOM-like start is text), as iconv-lite's `decode` gives it. */
  decode(bytes: Uint8Array, encoding: string): string;
}

// Units are written as platform-endian 16-bit words and read back as UTF-16LE.
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });
const BATCH_BYTES = 64 * 1024;

/** Each table as 256 UTF-16 units, built on first use. */
const unitsOf = new Map<string, Uint16Array>();

function unitsFor(table: string): Uint16Array {
  let units = unitsOf.get(table);
  if (units === undefined) {
    const full =
      table.length === 256
        ? table
        : String.fromCharCode(...Array.from({ length: 128 }, (_, byte) => byte)) + table;
    units = Uint16Array.from(full, (char) => char.charCodeAt(0));
    unitsOf.set(table, units);
  }
  return units;
}

function decodeSingleByte(bytes: Uint8Array, units: Uint16Array): string {
  const mapped = new Uint16Array(Math.min(bytes.length, BATCH_BYTES));
  let text = '';
  for (let from = 0; from < bytes.length; from += BATCH_BYTES) {
    const count = Math.min(BATCH_BYTES, bytes.length - from);
    for (let index = 0; index < count; index++)
      mapped[index] = units[bytes[from + index] as number] as number;
    const part = mapped.subarray(0, count);
    text += LITTLE_ENDIAN ? utf16.decode(part) : String.fromCharCode(...part);
  }
  return text;
}

function tableOf(encoding: string): string | undefined {
  const name = SINGLE_BYTE_ALIASES[canonicalEncoding(encoding)];
  return name === undefined ? undefined : SINGLE_BYTE_TABLES[name];
}

/** {@link LegacyCodec} plus loading the table of a double-byte codepage before its first `decode`. */
export interface WebLegacyCodec extends LegacyCodec {
  /**
   * Loads the tables of the double-byte codepages among `encodings` (a dynamic import each, once per
   * codepage); resolves at once when there are none. `FallbackDecoderStream` and `captureStream` call it.
   */
  load(encodings: string | readonly string[]): Promise<void>;
}

/**
 * {@link LegacyCodec} with no `Buffer`: every single-byte codepage iconv-lite knows (Windows, DOS/OEM,
 * ISO-8859, KOI8, Mac, …, 81 tables under 347 names) and its double-byte ones (Shift_JIS/cp932, EUC-JP,
 * GBK/cp936, GB18030, cp949/EUC-KR, cp950, Big5-HKSCS; 48 names), decoded from iconv-lite's own tables, so
 * the text equals the Node stage's for any bytes, malformed ones included, in every runtime. A double-byte
 * table is loaded when first named ({@link WebLegacyCodec.load}); `decode` before that is a TypeError.
 */
export const webLegacyCodec: WebLegacyCodec = Object.freeze({
  encodingExists: (encoding: string) =>
    typeof encoding === 'string' &&
    (tableOf(encoding) !== undefined || doubleByteCodecOf(encoding) !== undefined),
  decode(bytes: Uint8Array, encoding: string): string {
    const table = tableOf(encoding);
    if (table !== undefined) return decodeSingleByte(bytes, unitsFor(table));
    const codec = typeof encoding === 'string' ? doubleByteCodecOf(encoding) : undefined;
    if (codec === undefined)
      throw new TypeError(
        `The "encoding" argument must be a codepage iconv-lite knows. Received '${encoding}'`,
      );
    const doubleByte = doubleByteTable(codec);
    if (doubleByte === undefined)
      throw new TypeError(
        `The table of '${encoding}' is not loaded: await webLegacyCodec.load('${encoding}') first`,
      );
    return decodeDoubleByte(bytes, doubleByte);
  },
  async load(encodings: string | readonly string[]): Promise<void> {
    const codecs = new Set<string>();
    for (const encoding of typeof encodings === 'string' ? [encodings] : encodings) {
      const codec = typeof encoding === 'string' ? doubleByteCodecOf(encoding) : undefined;
      if (codec !== undefined) codecs.add(codec);
    }
    await Promise.all([...codecs].map(loadDoubleByteTable));
  },
});

/** Whether any of `encodings` names a double-byte codepage, whose table must be loaded first. */
export function namesDoubleByte(encodings: unknown): boolean {
  const list = Array.isArray(encodings) ? encodings : [encodings];
  return list.some((encoding) => typeof encoding === 'string' && doubleByteCodecOf(encoding) !== undefined);
}
