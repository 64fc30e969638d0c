/**
 * How a generated double-byte trie (src/codepages/double-byte/*.ts) writes iconv-lite's non-character
 * values as UTF-16 units: code units no table maps a byte sequence to (lone low surrogates, noncharacters).
 * A character above U+FFFF is its surrogate pair.
 */
export const DOUBLE_BYTE_MARKS = Object.freeze({
  /** Followed by `runBase + n`: n unassigned values (iconv-lite decodes them to U+FFFD, one byte on). */
  unassignedRun: 0xfdef,
  runBase: 0x100,
  /** The last byte of a GB18030 four-byte sequence: its code point comes from the ranges. */
  gb18030: 0xfffe,
  /** `nodeBase + k`: go on in trie node k with the next byte. */
  nodeBase: 0xdc00,
  maxNodes: 0x400,
  /** `seqBase + k`: the byte sequence decodes to several characters, `sequences[k]`. */
  seqBase: 0xfdd0,
});
