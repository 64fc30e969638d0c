import { type ByteOps, bufferScans, type NodeBufferModule } from '@pipeguard/shared/core';

interface RuntimeGlobals {
  Deno?: unknown;
  process?: { getBuiltinModule?: (id: string) => unknown };
}

/**
 * Node's own `node:buffer`, reached without an import (a browser bundle sees none, and needs no shim):
 * `process.getBuiltinModule` (Node 20.16+, 22.3+). Not in Deno, whose `node:buffer` emulates Node's on the
 * scans measured here, and not in an older Node (the word scans serve). Bun is told apart before this is
 * asked (web-byte-ops.ts): its own scans are taken there.
 */
function nodeBufferModule(): NodeBufferModule | undefined {
  const runtime = globalThis as RuntimeGlobals;
  if (runtime.Deno !== undefined) return undefined;
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
  return buffer === undefined ? undefined : Object.freeze(bufferScans(buffer));
}
