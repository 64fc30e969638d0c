import type { ByteOps } from './byte-ops';

/** Storage for `length` bytes from `ops.alloc`, else a fresh `Uint8Array`. */
export function allocBytes(ops: ByteOps, length: number): Uint8Array {
  return ops.alloc ? ops.alloc(length) : new Uint8Array(length);
}

/** A copy of `bytes` in storage of its own: what a core keeps of a chunk past the `write` that brought it. */
export function copyBytes(ops: ByteOps, bytes: Uint8Array): Uint8Array {
  const copy = allocBytes(ops, bytes.length);
  copy.set(bytes);
  return copy;
}

/** The pieces joined into one fresh array (`length`: their total, when the caller knows it). */
export function concatBytes(ops: ByteOps, pieces: readonly Uint8Array[], length?: number): Uint8Array {
  let total = length ?? 0;
  if (length === undefined) for (const piece of pieces) total += piece.length;
  if (ops.concat) return ops.concat(pieces, total);
  const joined = allocBytes(ops, total);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/** Whether `bytes` lies in the memory of `chunk`, so it is gone (the writer may refill it) once `write` returns. */
export function sharesMemory(bytes: Uint8Array, chunk: Uint8Array): boolean {
  return bytes.buffer === chunk.buffer;
}
