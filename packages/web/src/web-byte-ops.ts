import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';
import { nodeScans } from './node-scans';
import { wordByteOps } from './word-scans';

/**
 * Whether this is Bun, whose `Uint8Array#indexOf` is memchr (≈ 140 GB/s on 64 KiB, as Node's
 * `Buffer#indexOf`) and whose fatal `TextDecoder` validates UTF-8 natively (≈ 8-14 GB/s); V8's
 * (Deno, Chromium) scans a typed array a byte at a time (≈ 2-3 GB/s). Measured by
 * bench/web/byte-ops.measure.ts.
 */
const IS_BUN = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bun's fatal `TextDecoder` is native validation; elsewhere the portable walk builds no string (2.7x). */
function nativeIsUtf8(bytes: Uint8Array): boolean {
  try {
    fatalUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const bunByteOps: ByteOps = Object.freeze({
  ...wordByteOps,
  indexOf: portableByteOps.indexOf,
  indexOfSequence: portableByteOps.indexOfSequence,
  isUtf8: nativeIsUtf8,
});

/**
 * `ByteOps` for the web shell: every method answers as `nodeByteOps` (a property checks it), each the
 * fastest way measured in Node, Bun, Deno and Chromium (bench/web/byte-ops.measure.ts): Node's own
 * native scans in Node (`node:buffer`, reached through `process.getBuiltinModule`, Node 20.16+), Bun's
 * native ones in Bun, and elsewhere long scans that read four bytes a word where the engine scans a
 * typed array byte by byte (V8).
 */
export const webByteOps: ByteOps = IS_BUN ? bunByteOps : (nodeScans() ?? wordByteOps);
