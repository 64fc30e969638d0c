/**
 * Strict UTF-8 validation in plain JavaScript, for runtimes without a native `isUtf8` (a browser, Deno):
 * no string is built, where a fatal `TextDecoder` decodes the whole input into UTF-16 only to be thrown
 * away. ASCII is read four bytes a word; a multi-byte character is checked against Unicode Table 3-7.
 */

/** Below this many bytes a word view costs more than it saves (a view is an allocation: ASCII 70 B lines 0.6x). */
const WORDS_FROM_BYTES = 256;
const HIGHS = 0x80808080;

/** After this many ASCII bytes in a row, the walk hands back to the word skip. */
const ASCII_RUN_BYTES = 16;

/**
 * Walks whole characters of `bytes` from `at`, a character boundary, until `end` or a run of
 * {@link ASCII_RUN_BYTES} ASCII bytes (a boundary again): returns where it stopped, or -1 for a byte that
 * starts no well-formed character before `end` (overlongs, surrogates, code points above U+10FFFF, stray
 * continuation bytes and a character that `end` cuts, as Unicode Table 3-7 says).
 */
function walk(bytes: Uint8Array, at: number, end: number): number {
  let ascii = 0;
  while (at < end) {
    const lead = bytes[at] as number;
    if (lead < 0x80) {
      at++;
      if (++ascii === ASCII_RUN_BYTES) return at;
      continue;
    }
    ascii = 0;
    if (lead < 0xe0) {
      if (lead < 0xc2 || at + 1 >= end || ((bytes[at + 1] as number) & 0xc0) !== 0x80) return -1;
      at += 2;
    } else if (lead < 0xf0) {
      if (at + 2 >= end) return -1;
      const second = bytes[at + 1] as number;
      // E0 is overlong below A0; ED encodes a surrogate from A0 on.
      const low = lead === 0xe0 ? 0xa0 : 0x80;
      const high = lead === 0xed ? 0x9f : 0xbf;
      if (second < low || second > high || ((bytes[at + 2] as number) & 0xc0) !== 0x80) return -1;
      at += 3;
    } else {
      if (lead > 0xf4 || at + 3 >= end) return -1;
      const second = bytes[at + 1] as number;
      // F0 is overlong below 90; F4 passes U+10FFFF from 90 on.
      const low = lead === 0xf0 ? 0x90 : 0x80;
      const high = lead === 0xf4 ? 0x8f : 0xbf;
      if (
        second < low ||
        second > high ||
        ((bytes[at + 2] as number) & 0xc0) !== 0x80 ||
        ((bytes[at + 3] as number) & 0xc0) !== 0x80
      )
        return -1;
      at += 4;
    }
  }
  return at;
}

/** The first index at or after `at` whose byte is not ASCII, or `bytes.length`; `words` start at `head`. */
function skipAscii(bytes: Uint8Array, words: Uint32Array, head: number, at: number): number {
  const end = bytes.length;
  let word = at <= head ? 0 : (at - head + 3) >>> 2;
  const aligned = Math.min(end, head + word * 4);
  for (; at < aligned; at++) if ((bytes[at] as number) >= 0x80) return at;
  // Four words a turn, or-ed: one branch per 16 bytes.
  for (const last = words.length - 3; word < last; word += 4) {
    const any =
      (words[word] as number) |
      (words[word + 1] as number) |
      (words[word + 2] as number) |
      (words[word + 3] as number);
    if ((any & HIGHS) !== 0) break;
  }
  while (word < words.length && ((words[word] as number) & HIGHS) === 0) word++;
  // Within the word that holds the byte, or the tail after the last whole word.
  for (at = Math.max(at, head + word * 4); at < end; at++) if ((bytes[at] as number) >= 0x80) return at;
  return end;
}

/** The aligned four-byte words of `bytes` (a view, no copy) and the index of the first one's first byte. */
function wordsOf(bytes: Uint8Array): { head: number; words: Uint32Array } {
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
  return {
    head,
    words: new Uint32Array(bytes.buffer, bytes.byteOffset + head, (bytes.length - head) >>> 2),
  };
}

/** Whether every byte is below 0x80, as Node's `buffer.isAscii` answers: a long input a word at a time. */
export function isAllAscii(bytes: Uint8Array): boolean {
  const end = bytes.length;
  if (end < WORDS_FROM_BYTES) {
    for (let at = 0; at < end; at++) if ((bytes[at] as number) >= 0x80) return false;
    return true;
  }
  const { head, words } = wordsOf(bytes);
  return skipAscii(bytes, words, head, 0) === end;
}

/**
 * Whether `bytes` is well-formed UTF-8, as Node's `buffer.isUtf8` answers (a character cut at either end
 * is not; a BOM is a character like any other). Runs of ASCII are skipped a word at a time, the rest is
 * walked a character at a time.
 */
export function isWellFormedUtf8(bytes: Uint8Array): boolean {
  const end = bytes.length;
  if (end < WORDS_FROM_BYTES) {
    let at = 0;
    while (at !== end && at !== -1) at = walk(bytes, at, end);
    return at === end;
  }
  const { head, words } = wordsOf(bytes);
  for (let at = 0; ; ) {
    at = skipAscii(bytes, words, head, at);
    if (at === end) return true;
    at = walk(bytes, at, end);
    if (at === -1) return false;
    if (at === end) return true;
  }
}
