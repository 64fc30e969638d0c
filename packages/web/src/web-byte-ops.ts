import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';

/**
 * Whether this is Bun, whose `Uint8Array#indexOf` is memchr (≈ 140 GB/s on 64 KiB, as Node's
 * `Buffer#indexOf`) and whose fatal `TextDecoder` validates UTF-8 natively (≈ 8-14 GB/s); V8's
 * (Node, Deno, Chromium) scans a typed array a byte at a time (≈ 2-3 GB/s). Measured by
 * bench/web/byte-ops.measure.ts.
 */
const NATIVE_SCANS = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';

/** A search looks at this many bytes one by one before it sets up a word view (most lines end within). */
const NEAR_BYTES = 64;
/** A whole-input check (equals, isAscii) of fewer bytes runs a plain loop: a word view costs more (70 B lines: 0.6-0.8x). */
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

function indexOfByte(bytes: Uint8Array, byte: number, from: number): number {
  const end = bytes.length;
  let at = from < 0 ? Math.max(0, end + from) : from;
  const near = Math.min(end, at + NEAR_BYTES);
  for (; at < near; at++) if (bytes[at] === byte) return at;
  if (at >= end) return -1;
  // A word holds the byte iff (word ^ pattern) has a zero byte: (x - 0x01…) & ~x & 0x80… is non-zero.
  const { start, words } = wordsFrom(bytes, at);
  for (; at < start && at < end; at++) if (bytes[at] === byte) return at;
  const pattern = Math.imul(byte, ONES);
  let word = 0;
  for (; word < words.length; word++) {
    const x = (words[word] as number) ^ pattern;
    if (((x - ONES) & ~x & HIGHS) !== 0) break;
  }
  for (at = start + word * 4; at < end; at++) if (bytes[at] === byte) return at;
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

/** The index of the first byte ≥ 0x80 at or after `from`, or -1. */
function findNonAscii(bytes: Uint8Array, from: number): number {
  let at = from;
  if (bytes.length - at >= WORDS_FROM_BYTES) {
    const { start, words } = wordsFrom(bytes, at);
    for (; at < start; at++) if ((bytes[at] as number) >= 0x80) return at;
    let word = 0;
    for (; word < words.length; word++) if (((words[word] as number) & HIGHS) !== 0) break;
    at = start + word * 4;
  }
  for (; at < bytes.length; at++) if ((bytes[at] as number) >= 0x80) return at;
  return -1;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isUtf8(bytes: Uint8Array): boolean {
  const nonAscii = findNonAscii(bytes, 0);
  if (nonAscii === -1) return true;
  if (NATIVE_SCANS) {
    try {
      fatalUtf8.decode(bytes.subarray(nonAscii));
      return true;
    } catch {
      return false;
    }
  }
  // From the first non-ASCII byte on (a character starts there: what precedes is ASCII).
  return portableByteOps.isUtf8(bytes.subarray(nonAscii));
}

/**
 * `ByteOps` for runtimes without Node's `Buffer`: every method answers as `nodeByteOps` (a
 * property checks it), each the fastest of the portable ways measured in Node, Bun, Deno and Chromium
 * (bench/web/byte-ops.measure.ts): long scans read four bytes a word where the engine scans a typed
 * array byte by byte (V8), and Bun's native scans where they are memchr.
 */
export const webByteOps: ByteOps = Object.freeze({
  indexOf: NATIVE_SCANS ? portableByteOps.indexOf : indexOfByte,
  lastIndexOf: portableByteOps.lastIndexOf,
  indexOfSequence: NATIVE_SCANS ? portableByteOps.indexOfSequence : indexOfSequence,
  equals,
  isUtf8,
  isAscii: (bytes: Uint8Array) => findNonAscii(bytes, 0) === -1,
});
