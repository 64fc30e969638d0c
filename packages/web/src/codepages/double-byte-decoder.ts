import { DOUBLE_BYTE_MARKS as MARK } from './double-byte-marks';

/** A generated table (src/codepages/double-byte/*.ts): iconv-lite's decoding trie of one codec. */
export interface DoubleByteTableData {
  /** Trie nodes, 256 values each. */
  readonly nodes: number;
  /** The nodes' values as UTF-16 units, written as double-byte-marks.ts says. */
  readonly trie: string;
  /** Byte sequences that decode to several characters. */
  readonly sequences: readonly (readonly number[])[];
  /** GB18030's four-byte ranges: pointer `gbChars[i]` on is code point `uChars[i]` on. */
  readonly gb18030: { readonly gbChars: readonly number[]; readonly uChars: readonly number[] } | null;
}

// iconv-lite's trie values (its dbcs-codec.js): a character (≥ 0), or one of these.
const UNASSIGNED = -1;
const GB18030_CODE = -2;
const SEQ_START = -10;
const NODE_START = -1000;
const REPLACEMENT = 0xfffd;
// Units are written as platform-endian 16-bit words and read back as UTF-16LE where that is the order.
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** A codec's trie, expanded for decoding: node k's value for byte b at `values[k * 256 + b]`. */
export interface DoubleByteTable {
  readonly values: Int32Array;
  readonly sequences: readonly (readonly number[])[];
  readonly gb18030: DoubleByteTableData['gb18030'];
}

/** Expands a generated table (once per codec, on its first use). */
export function expandTable(data: DoubleByteTableData): DoubleByteTable {
  const values = new Int32Array(data.nodes * 256);
  const { trie } = data;
  let at = 0;
  for (let read = 0; read < trie.length; read++) {
    const unit = trie.charCodeAt(read);
    if (unit === MARK.unassignedRun) {
      const run = trie.charCodeAt(++read) - MARK.runBase;
      values.fill(UNASSIGNED, at, at + run);
      at += run;
      continue;
    }
    if (unit === MARK.gb18030) values[at] = GB18030_CODE;
    else if (unit >= 0xd800 && unit < 0xdc00) values[at] = trie.codePointAt(read++) as number;
    else if (unit >= MARK.nodeBase && unit < MARK.nodeBase + MARK.maxNodes)
      values[at] = NODE_START - (unit - MARK.nodeBase);
    else if (unit >= MARK.seqBase && unit < MARK.unassignedRun)
      values[at] = SEQ_START - (unit - MARK.seqBase);
    else values[at] = unit;
    at++;
  }
  if (at !== values.length) throw new Error(`a double-byte table has ${at} values, not ${values.length}`);
  return { values, sequences: data.sequences, gb18030: data.gb18030 };
}

/** The largest i with `table[i] <= value` (GB18030's ranges, sorted). */
function rangeOf(table: readonly number[], value: number): number {
  let low = 0;
  let high = table.length;
  while (low < high - 1) {
    const middle = low + ((high - low + 1) >> 1);
    if ((table[middle] as number) <= value) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * The text of `bytes` in a double-byte codec, as iconv-lite's `decode` gives it: its trie walked byte by
 * byte; an unassigned sequence gives U+FFFD and decoding goes on one byte after the sequence's first, and
 * so does a sequence cut short by the end. Code points are written as iconv-lite writes them (16-bit
 * units, masked), so even its out-of-range GB18030 pointers give its very units.
 */
export function decodeDoubleByte(bytes: Uint8Array, table: DoubleByteTable): string {
  const { values, sequences, gb18030 } = table;
  const units = new Uint16Array(bytes.length * 2 + 2);
  let count = 0;
  // Whether a unit is a lone surrogate (iconv-lite's masked out-of-range GB18030 pointers), which UTF-16
  // decoding would replace.
  let lone = false;
  let node = 0;
  let start = 0;
  for (let at = 0; ; at++) {
    if (at >= bytes.length) {
      // A sequence cut short: U+FFFD for its first byte, then the rest decoded afresh.
      if (start >= bytes.length) break;
      units[count++] = REPLACEMENT;
      at = start;
      start++;
      node = 0;
      continue;
    }
    let code = values[node * 256 + (bytes[at] as number)] as number;
    if (code <= NODE_START) {
      node = NODE_START - code;
      continue;
    }
    if (code === UNASSIGNED) {
      code = REPLACEMENT;
      at = start;
    } else if (code === GB18030_CODE && gb18030 !== null) {
      const pointer =
        ((bytes[at - 3] as number) - 0x81) * 12600 +
        ((bytes[at - 2] as number) - 0x30) * 1260 +
        ((bytes[at - 1] as number) - 0x81) * 10 +
        ((bytes[at] as number) - 0x30);
      const range = rangeOf(gb18030.gbChars, pointer);
      code = (gb18030.uChars[range] as number) + pointer - (gb18030.gbChars[range] as number);
    } else if (code <= SEQ_START) {
      const sequence = sequences[SEQ_START - code] as readonly number[];
      for (let index = 0; index < sequence.length - 1; index++) units[count++] = sequence[index] as number;
      code = sequence[sequence.length - 1] as number;
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      if (code > 0xfffff) lone = true;
      units[count++] = 0xd800 | (code >> 10);
      code = 0xdc00 | (code & 0x3ff);
    }
    units[count++] = code;
    node = 0;
    start = at + 1;
  }
  return LITTLE_ENDIAN && !lone ? utf16.decode(units.subarray(0, count)) : textOf(units, count);
}

/** Units as a string, lone surrogates kept (as iconv-lite's UCS-2 output keeps them). */
function textOf(units: Uint16Array, count: number): string {
  let text = '';
  for (let from = 0; from < count; from += 8192)
    text += String.fromCharCode(...units.subarray(from, Math.min(count, from + 8192)));
  return text;
}
