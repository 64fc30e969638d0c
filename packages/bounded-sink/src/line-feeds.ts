import type { ByteOps } from '@pipeguard/shared/core';

const LF = 0x0a;
/** Lines are first found one by one with the native scan; after this many, their length picks the way. */
const PROBE_LINES = 16;
/**
 * Below this average line length a call of the native scan per line costs more than reading every
 * word: 9-byte lines counted with `indexOf` took 3× as long as word-wise, 80-byte lines 3× less long.
 */
const SHORT_LINE_BYTES = 32;

/**
 * The line feeds in `bytes[from, to)`: found one by one with `ops.indexOf` while lines are long,
 * counted four bytes at a time once they prove short (a log of short lines makes a native call per
 * line the cost of the whole scan).
 */
export function countLineFeeds(bytes: Uint8Array, from: number, to: number, ops: ByteOps): number {
  let count = 0;
  let at = from;
  while (at < to) {
    const end = ops.indexOf(bytes, LF, at);
    if (end === -1 || end >= to) return count;
    count++;
    at = end + 1;
    if (count === PROBE_LINES && at - from < PROBE_LINES * SHORT_LINE_BYTES)
      return count + countWordWise(bytes, at, to);
  }
  return count;
}

/** Counts line feeds reading whole 32-bit words of the memory, single bytes only at the two ends. */
function countWordWise(bytes: Uint8Array, from: number, to: number): number {
  let count = 0;
  const aligned = Math.min(to, from + ((4 - ((bytes.byteOffset + from) & 3)) & 3));
  for (let at = from; at < aligned; at++) if (bytes[at] === LF) count++;
  const wordCount = (to - aligned) >> 2;
  if (wordCount > 0) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset + aligned, wordCount);
    for (let index = 0; index < wordCount; index++) count += lineFeedsInWord(words[index] as number);
  }
  for (let at = aligned + wordCount * 4; at < to; at++) if (bytes[at] === LF) count++;
  return count;
}

/**
 * The bytes of `word` equal to LF, exactly (no false positive from a borrow): a byte's top bit is set
 * in `nonZero` unless the byte is 0 after the XOR. `| 0` keeps every value an int32 for the compiler.
 * @see https://graphics.stanford.edu/~seander/bithacks.html#ZeroInWord
 */
function lineFeedsInWord(word: number): number {
  const x = word ^ 0x0a0a0a0a;
  const nonZero = ((x & 0x7f7f7f7f) + 0x7f7f7f7f) | 0 | x;
  const zeroTops = ~nonZero & 0x80808080;
  return Math.imul(zeroTops >>> 7, 0x01010101) >>> 24;
}
