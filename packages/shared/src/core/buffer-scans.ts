import type { ByteOps } from './byte-ops';

/** What the scans need of `node:buffer`: its methods accept any `Uint8Array`, so nothing is wrapped. */
export interface NodeBufferModule {
  /** The `Buffer` class: its prototype's searches and comparison, called on any `Uint8Array`. */
  Buffer: {
    prototype: {
      /** `Buffer#indexOf`: memchr for a byte, a native search for a sequence. */
      indexOf(this: Uint8Array, value: number | Uint8Array, from: number): number;
      /** `Buffer#lastIndexOf`. */
      lastIndexOf(this: Uint8Array, value: number, from: number): number;
      /** `Buffer#equals`: memcmp. */
      equals(this: Uint8Array, other: Uint8Array): boolean;
    };
  };
  /** `buffer.isUtf8` (simdutf). */
  isUtf8(bytes: Uint8Array): boolean;
  /** `buffer.isAscii` (simdutf). */
  isAscii(bytes: Uint8Array): boolean;
}

/**
 * The {@link ByteOps} scans of a `node:buffer` module given in (native: memchr, simdutf), with no storage
 * methods: the one definition behind `nodeByteOps` (which imports the module) and the web shell's scans in
 * Node (which reach it through `process.getBuiltinModule`). Imports nothing, so a runtime-free core may hold it.
 */
export function bufferScans(buffer: NodeBufferModule): ByteOps {
  const { indexOf, lastIndexOf, equals } = buffer.Buffer.prototype;
  const { isUtf8, isAscii } = buffer;
  return {
    indexOf: (bytes: Uint8Array, byte: number, from: number) => indexOf.call(bytes, byte, from),
    lastIndexOf: (bytes: Uint8Array, byte: number, from: number) =>
      from < 0 ? -1 : lastIndexOf.call(bytes, byte, from),
    indexOfSequence: (bytes: Uint8Array, needle: Uint8Array, from: number) =>
      indexOf.call(bytes, needle, from),
    equals: (a: Uint8Array, b: Uint8Array) => equals.call(a, b),
    isUtf8: (bytes: Uint8Array) => isUtf8(bytes),
    isAscii: (bytes: Uint8Array) => isAscii(bytes),
  };
}
