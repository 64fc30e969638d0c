// Candidate implementations of each ByteOps method in plain JavaScript, measured in Node, Bun, Deno and
// Chromium by byte-ops.measure.ts; @pipeguard/web's webByteOps takes the fastest portable one per method.
import { portableByteOps } from '@pipeguard/shared/core';
import { webByteOps } from '@pipeguard/web';

type IndexOf = (bytes: Uint8Array, byte: number, from: number) => number;

/** A windows-1252 decoder is a bijection of bytes to UTF-16 units: a byte's unit is found by String#indexOf. */
const latin1 = new TextDecoder('windows-1252');
const UNIT_OF = Array.from(latin1.decode(Uint8Array.from({ length: 256 }, (_, byte) => byte)));

/** The first native scan's length before decoding windows: most line searches end within it. */
function windowed(nativeFirst: number, window: number): IndexOf {
  return (bytes, byte, from) => {
    const start = from < 0 ? Math.max(0, bytes.length + from) : from;
    const near = Math.min(bytes.length, start + nativeFirst);
    for (let at = start; at < near; at++) if (bytes[at] === byte) return at;
    const unit = UNIT_OF[byte] as string;
    for (let at = near, size = window; at < bytes.length; at += size, size *= 2) {
      const found = latin1.decode(bytes.subarray(at, at + size)).indexOf(unit);
      if (found !== -1) return at + found;
    }
    return -1;
  };
}

function fromCharCodeWindows(nativeFirst: number): IndexOf {
  return (bytes, byte, from) => {
    const start = from < 0 ? Math.max(0, bytes.length + from) : from;
    const near = Math.min(bytes.length, start + nativeFirst);
    for (let at = start; at < near; at++) if (bytes[at] === byte) return at;
    const unit = String.fromCharCode(byte);
    for (let at = near; at < bytes.length; at += 8192) {
      const found = String.fromCharCode
        .apply(null, bytes.subarray(at, at + 8192) as unknown as number[])
        .indexOf(unit);
      if (found !== -1) return at + found;
    }
    return -1;
  };
}

/** Four bytes at a time over the aligned middle: a word has the byte iff (w ^ pattern) has a zero byte. */
const wordsIndexOf: IndexOf = (bytes, byte, from) => {
  let at = from < 0 ? Math.max(0, bytes.length + from) : from;
  const end = bytes.length;
  while (at < end && (bytes.byteOffset + at) % 4 !== 0) {
    if (bytes[at] === byte) return at;
    at++;
  }
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + at, (end - at) >>> 2);
  const pattern = Math.imul(byte, 0x01010101);
  let word = 0;
  for (; word < words.length; word++) {
    const x = (words[word] as number) ^ pattern;
    if (((x - 0x01010101) & ~x & 0x80808080) !== 0) break;
  }
  for (at += word * 4; at < end; at++) if (bytes[at] === byte) return at;
  return -1;
};

const latin1LastIndexOf = (bytes: Uint8Array, byte: number, from: number): number => {
  if (from < 0) return -1;
  const last = Math.min(from, bytes.length - 1);
  const near = Math.max(-1, last - 64);
  for (let at = last; at > near; at--) if (bytes[at] === byte) return at;
  const unit = UNIT_OF[byte] as string;
  for (let end = near + 1, size = 1024; end > 0; end -= size, size *= 2) {
    const start = Math.max(0, end - size);
    const found = latin1.decode(bytes.subarray(start, end)).lastIndexOf(unit);
    if (found !== -1) return start + found;
  }
  return -1;
};

const latin1IndexOfSequence = (bytes: Uint8Array, needle: Uint8Array, from: number): number => {
  const start = Math.max(0, from);
  if (bytes.length - start < 256) return portableByteOps.indexOfSequence(bytes, needle, from);
  const found = latin1.decode(bytes.subarray(start)).indexOf(latin1.decode(needle));
  return found === -1 ? -1 : start + found;
};

function wordsEquals(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let at = 0;
  if ((a.byteOffset & 3) === (b.byteOffset & 3)) {
    while (at < a.length && (a.byteOffset + at) % 4 !== 0) {
      if (a[at] !== b[at]) return false;
      at++;
    }
    const count = (a.length - at) >>> 2;
    const wa = new Uint32Array(a.buffer, a.byteOffset + at, count);
    const wb = new Uint32Array(b.buffer, b.byteOffset + at, count);
    for (let word = 0; word < count; word++) if (wa[word] !== wb[word]) return false;
    at += count * 4;
  }
  for (; at < a.length; at++) if (a[at] !== b[at]) return false;
  return true;
}

const latin1Equals = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length &&
  (a.length < 64 ? portableByteOps.equals(a, b) : latin1.decode(a) === latin1.decode(b));

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function decoderIsUtf8(bytes: Uint8Array): boolean {
  try {
    fatalUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function wordsIsAscii(bytes: Uint8Array): boolean {
  let at = 0;
  const end = bytes.length;
  while (at < end && (bytes.byteOffset + at) % 4 !== 0) if ((bytes[at++] as number) >= 0x80) return false;
  const count = (end - at) >>> 2;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + at, count);
  let any = 0;
  for (let word = 0; word < count; word++) any |= words[word] as number;
  if ((any & 0x80808080) !== 0) return false;
  for (at += count * 4; at < end; at++) if ((bytes[at] as number) >= 0x80) return false;
  return true;
}

const NON_ASCII = /[\u0080-\uffff]/;
const latin1IsAscii = (bytes: Uint8Array): boolean => !NON_ASCII.test(latin1.decode(bytes));

/** ASCII words first (most text is), then the portable validator from the first non-ASCII word. */
function wordsThenPortableIsUtf8(bytes: Uint8Array): boolean {
  return wordsIsAscii(bytes) || decoderIsUtf8(bytes);
}

export const CANDIDATES = {
  indexOf: {
    native: portableByteOps.indexOf,
    webByteOps: webByteOps.indexOf,
    words: wordsIndexOf,
    'latin1 (64 B native, then 1 KiB doubling)': windowed(64, 1024),
    'latin1 (256 B native, then 4 KiB doubling)': windowed(256, 4096),
    'fromCharCode 8 KiB': fromCharCodeWindows(64),
  },
  lastIndexOf: {
    native: portableByteOps.lastIndexOf,
    webByteOps: webByteOps.lastIndexOf,
    latin1: latin1LastIndexOf,
  },
  indexOfSequence: {
    portable: portableByteOps.indexOfSequence,
    webByteOps: webByteOps.indexOfSequence,
    latin1: latin1IndexOfSequence,
  },
  equals: {
    portable: portableByteOps.equals,
    webByteOps: webByteOps.equals,
    words: wordsEquals,
    latin1: latin1Equals,
  },
  isUtf8: {
    portable: portableByteOps.isUtf8,
    webByteOps: webByteOps.isUtf8,
    'TextDecoder fatal': decoderIsUtf8,
    'ASCII words, then TextDecoder fatal': wordsThenPortableIsUtf8,
  },
  isAscii: {
    portable: portableByteOps.isAscii,
    webByteOps: webByteOps.isAscii,
    words: wordsIsAscii,
    'latin1 + regex': latin1IsAscii,
  },
} as const;
