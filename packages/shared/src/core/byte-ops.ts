import { describeReceived } from './options';
import { isAllAscii, isWellFormedUtf8 } from './utf8-valid';

/**
 * The byte scans a core's hot paths use, injected so that a core stays runtime-free while its Node shell
 * hands it native ones (`Buffer#indexOf` is memchr, about 25× a `Uint8Array#indexOf` in V8; `isUtf8` is
 * simdutf). Every method takes plain `Uint8Array`s and returns what its `Buffer` namesake returns.
 */
export interface ByteOps {
  /** The first index of `byte` at or after `from`, or -1. */
  indexOf(bytes: Uint8Array, byte: number, from: number): number;
  /** The last index of `byte` at or before `from`, or -1. */
  lastIndexOf(bytes: Uint8Array, byte: number, from: number): number;
  /** The first index at or after `from` where `needle` starts (non-empty), or -1. */
  indexOfSequence(bytes: Uint8Array, needle: Uint8Array, from: number): number;
  /** Whether the two hold the same bytes. */
  equals(a: Uint8Array, b: Uint8Array): boolean;
  /** Whether the bytes are well-formed UTF-8 (a character cut at either end is not). */
  isUtf8(bytes: Uint8Array): boolean;
  /** Whether every byte is below 0x80. */
  isAscii(bytes: Uint8Array): boolean;
  /**
   * Storage for `length` bytes that the caller then overwrites in full (Node: `Buffer.allocUnsafe`, no zero
   * fill, so a Node shell's cores hand out Buffers). Optional: without it a core uses `new Uint8Array`.
   */
  alloc?(length: number): Uint8Array;
  /** The pieces joined into fresh storage of `length` bytes, their total (Node: `Buffer.concat`). Optional. */
  concat?(pieces: readonly Uint8Array[], length: number): Uint8Array;
}

/** {@link ByteOps} on the language alone, for runtimes without Node's scans: correct everywhere. */
export const portableByteOps: ByteOps = Object.freeze({
  indexOf: (bytes: Uint8Array, byte: number, from: number) => bytes.indexOf(byte, from),
  lastIndexOf: (bytes: Uint8Array, byte: number, from: number) =>
    from < 0 ? -1 : bytes.lastIndexOf(byte, from),
  indexOfSequence(bytes: Uint8Array, needle: Uint8Array, from: number): number {
    const first = needle[0] as number;
    const last = bytes.length - needle.length;
    for (
      let at = bytes.indexOf(first, Math.max(0, from));
      at !== -1 && at <= last;
      at = bytes.indexOf(first, at + 1)
    ) {
      let index = 1;
      while (index < needle.length && bytes[at + index] === needle[index]) index++;
      if (index === needle.length) return at;
    }
    return -1;
  },
  equals(a: Uint8Array, b: Uint8Array): boolean {
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
    return true;
  },
  // Measured on 16 KiB of prose (CJK, Cyrillic, emoji) in Node 20: 1.3 GB/s, where a fatal TextDecoder,
  // which builds the UTF-16 string it then drops, gives 0.48 GB/s (bench/web/byte-ops.measure.ts).
  isUtf8: isWellFormedUtf8,
  isAscii: isAllAscii,
  alloc: (length: number) => new Uint8Array(length),
});

const BYTE_OPS_METHODS = [
  'indexOf',
  'lastIndexOf',
  'indexOfSequence',
  'equals',
  'isUtf8',
  'isAscii',
] as const;

/**
 * Checks that a core was given its byte scans (`nodeByteOps`, `portableByteOps` or an equal object).
 * @throws TypeError when `value` lacks one of the {@link ByteOps} methods.
 */
export function validateByteOps(value: unknown, name = 'byteOps'): asserts value is ByteOps {
  const ops = value as Record<string, unknown> | null;
  if (
    typeof ops === 'object' &&
    ops !== null &&
    BYTE_OPS_METHODS.every((key) => typeof ops[key] === 'function')
  )
    return;
  throw new TypeError(
    `The "${name}" option must be an object with the ByteOps methods. Received ${describeReceived(value)}`,
  );
}
