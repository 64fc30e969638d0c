import type { ByteOps } from './byte-ops';

/** What the scans need of `node:buffer`: its methods accept any `Uint8Array`, so nothing is wrapped. */
export interface NodeBufferModule {
  Buffer: {
    prototype: {
      indexOf(this: Uint8Array, value: number | Uint8Array, from: number): number;
      lastIndexOf(this: Uint8Array, value: number, from: number): number;
      equals(this: Uint8Array, other: Uint8Array): boolean;
    };
  };
  isUtf8(bytes: Uint8Array): boolean;
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
