import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';
import { wordsOfBuffer } from './buffer-words';

/** An equality check of fewer bytes runs a plain loop: a word view costs more (70 B lines: 0.6-0.8x). */
const WORDS_FROM_BYTES = 256;
const ONES = 0x01010101;
const HIGHS = 0x80808080;
const NO_WORDS = new Uint32Array(0);

/** The four-byte words of `bytes` from `at` (rounded up to an aligned address) to the last whole one. */
function wordsFrom(bytes: Uint8Array, at: number): { start: number; words: Uint32Array } {
  const start = at + ((4 - ((bytes.byteOffset + at) & 3)) & 3);
  if (start >= bytes.length) return { start: bytes.length, words: NO_WORDS };
  return {
    start,
    words: new Uint32Array(bytes.buffer, bytes.byteOffset + start, (bytes.length - start) >>> 2),
  };
}

/**
 * A search reads this many bytes, four a turn, before it turns to words: most lines end within. On 16 KiB of
 * prose (63 B lines), finding every LF: 1.1 GB/s at 128, 0.8 at 64, 0.5 with words from the first byte;
 * a 16 KiB scan for an absent byte: 3.8 GB/s at 128 and at 256, 3.4 at 64 (Node 20, one process, load 6).
 */
const SHORT_BYTES = 128;

function indexOfByte(bytes: Uint8Array, byte: number, from: number): number {
  const end = bytes.length;
  let at = from < 0 ? Math.max(0, end + from) : from;
  const near = Math.min(end, at + SHORT_BYTES);
  // Four bytes a turn (63 B lines of prose, every LF: 1.5x a plain loop in Node 20).
  for (const last = near - 3; at < last; at += 4) {
    if (bytes[at] === byte) return at;
    if (bytes[at + 1] === byte) return at + 1;
    if (bytes[at + 2] === byte) return at + 2;
    if (bytes[at + 3] === byte) return at + 3;
  }
  for (; at < near; at++) if (bytes[at] === byte) return at;
  if (at >= end) return -1;
  // Word-aligned in the buffer, then a word at a time: a word holds the byte iff (word ^ pattern) has a
  // zero byte, that is (x - 0x01…) & ~x & 0x80… is non-zero.
  const base = bytes.byteOffset;
  for (; ((base + at) & 3) !== 0 && at < end; at++) if (bytes[at] === byte) return at;
  const words = wordsOfBuffer(bytes.buffer);
  const pattern = Math.imul(byte, ONES);
  const stop = (base + end) >>> 2;
  let word = (base + at) >>> 2;
  // Four words a turn, their tests or-ed: one branch per 16 bytes (measured 1.6x one word a turn in V8).
  for (const last = stop - 3; word < last; word += 4) {
    const a = (words[word] as number) ^ pattern;
    const b = (words[word + 1] as number) ^ pattern;
    const c = (words[word + 2] as number) ^ pattern;
    const d = (words[word + 3] as number) ^ pattern;
    if ((((a - ONES) & ~a) | ((b - ONES) & ~b) | ((c - ONES) & ~c) | ((d - ONES) & ~d)) & HIGHS) break;
  }
  for (; word < stop; word++) {
    const x = (words[word] as number) ^ pattern;
    if (((x - ONES) & ~x & HIGHS) !== 0) break;
  }
  for (at = word * 4 - base; at < end; at++) if (bytes[at] === byte) return at;
  return -1;
}

function indexOfSequence(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] as number;
  const last = bytes.length - needle.length;
  for (let at = indexOfByte(bytes, first, Math.max(0, from)); at !== -1 && at <= last; ) {
    let index = 1;
    while (index < needle.length && bytes[at + index] === needle[index]) index++;
    if (index === needle.length) return at;
    at = at + 1 < bytes.length ? indexOfByte(bytes, first, at + 1) : -1;
  }
  return -1;
}

function equals(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let at = 0;
  if (a.length >= WORDS_FROM_BYTES && ((a.byteOffset ^ b.byteOffset) & 3) === 0) {
    const { start, words } = wordsFrom(a, 0);
    for (; at < start && at < a.length; at++) if (a[at] !== b[at]) return false;
    const other = new Uint32Array(b.buffer, b.byteOffset + start, words.length);
    for (let word = 0; word < words.length; word++) if (words[word] !== other[word]) return false;
    at = start + words.length * 4;
  }
  for (; at < a.length; at++) if (a[at] !== b[at]) return false;
  return true;
}

/**
 * `ByteOps` on the language alone whose long scans read four bytes a word: where the engine scans a typed
 * array a byte at a time (V8 without Node's `Buffer`: Deno, Chromium), ≈ 1.5-4x `portableByteOps`
 * (bench/web/byte-ops.measure.ts). UTF-8 and ASCII checks are `portableByteOps`'.
 */
export const wordByteOps: ByteOps = Object.freeze({
  indexOf: indexOfByte,
  lastIndexOf: portableByteOps.lastIndexOf,
  indexOfSequence,
  equals,
  isUtf8: portableByteOps.isUtf8,
  isAscii: portableByteOps.isAscii,
});
