import { isAscii, isUtf8 } from 'node:buffer';
import type { ByteOps } from './core/byte-ops';

const { indexOf, lastIndexOf, equals } = Buffer.prototype;

/**
 * {@link ByteOps} on Node's native scans (they accept any `Uint8Array`, so nothing is wrapped), allocating
 * Buffers: a core driven with them hands out Buffers where it hands out memory of its own.
 */
export const nodeByteOps: ByteOps = Object.freeze({
  indexOf: (bytes: Uint8Array, byte: number, from: number) => indexOf.call(bytes, byte, from),
  lastIndexOf: (bytes: Uint8Array, byte: number, from: number) =>
    from < 0 ? -1 : lastIndexOf.call(bytes, byte, from),
  indexOfSequence: (bytes: Uint8Array, needle: Uint8Array, from: number) => indexOf.call(bytes, needle, from),
  equals: (a: Uint8Array, b: Uint8Array) => equals.call(a, b),
  isUtf8: (bytes: Uint8Array) => isUtf8(bytes),
  isAscii: (bytes: Uint8Array) => isAscii(bytes),
  alloc: (length: number) => Buffer.allocUnsafe(length),
  concat: (pieces: readonly Uint8Array[], length: number) => Buffer.concat(pieces, length),
});
