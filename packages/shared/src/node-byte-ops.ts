import { Buffer, isAscii, isUtf8 } from 'node:buffer';
import { bufferScans, type NodeBufferModule } from './core/buffer-scans';
import type { ByteOps } from './core/byte-ops';

/**
 * {@link ByteOps} on Node's native scans (they accept any `Uint8Array`, so nothing is wrapped), allocating
 * Buffers: a core driven with them hands out Buffers where it hands out memory of its own.
 */
export const nodeByteOps: ByteOps = Object.freeze({
  // Named imports: a namespace import would be copied into an object of getters at every start.
  ...bufferScans({ Buffer, isUtf8, isAscii } as NodeBufferModule),
  alloc: (length: number) => Buffer.allocUnsafe(length),
  concat: (pieces: readonly Uint8Array[], length: number) => Buffer.concat(pieces, length),
});
