import type { ByteOps } from '@pipeguard/shared/core';

/** What the scans need of `node:buffer`: its methods accept any `Uint8Array`, so nothing is wrapped. */
interface NodeBufferModule {
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

interface RuntimeGlobals {
  Bun?: unknown;
  Deno?: unknown;
  process?: { getBuiltinModule?: (id: string) => unknown };
}

/**
 * Node's own `node:buffer`, reached without an import (a browser bundle sees none, and needs no shim):
 * `process.getBuiltinModule` (Node 20.16+, 22.3+). Not in Deno or Bun, whose `node:buffer` emulates Node's
 * on the scans measured here (Bun's own are taken in web-byte-ops.ts), and not in an older Node (the word scans serve).
 */
function nodeBufferModule(): NodeBufferModule | undefined {
  const runtime = globalThis as RuntimeGlobals;
  if (runtime.Bun !== undefined || runtime.Deno !== undefined) return undefined;
  if (typeof runtime.process?.getBuiltinModule !== 'function') return undefined;
  const buffer = runtime.process.getBuiltinModule('node:buffer') as Partial<NodeBufferModule> | undefined;
  return typeof buffer?.isUtf8 === 'function' && typeof buffer.isAscii === 'function'
    ? (buffer as NodeBufferModule)
    : undefined;
}

/**
 * Node's native scans (memchr, simdutf) when the web shell runs in Node: on 64 KiB chunks of prose the
 * guard's UTF-8 check is ≈ 10x the portable walk and a byte search ≈ 25x V8's typed-array scan, so a
 * stage stream in Node costs what its Node stage costs (bench/web-streams.bench.ts). Output storage stays
 * the language's (`Uint8Array`), as in every runtime.
 */
export function nodeScans(): ByteOps | undefined {
  const buffer = nodeBufferModule();
  if (buffer === undefined) return undefined;
  const { indexOf, lastIndexOf, equals } = buffer.Buffer.prototype;
  const { isUtf8, isAscii } = buffer;
  return Object.freeze({
    indexOf: (bytes: Uint8Array, byte: number, from: number) => indexOf.call(bytes, byte, from),
    lastIndexOf: (bytes: Uint8Array, byte: number, from: number) =>
      from < 0 ? -1 : lastIndexOf.call(bytes, byte, from),
    indexOfSequence: (bytes: Uint8Array, needle: Uint8Array, from: number) =>
      indexOf.call(bytes, needle, from),
    equals: (a: Uint8Array, b: Uint8Array) => equals.call(a, b),
    isUtf8: (bytes: Uint8Array) => isUtf8(bytes),
    isAscii: (bytes: Uint8Array) => isAscii(bytes),
  });
}
