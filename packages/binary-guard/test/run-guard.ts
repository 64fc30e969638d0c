import { pipeline } from 'node:stream/promises';
import { collectBytes, cutAt, feed } from '@pipeguard/test-utils';
import { Writable } from 'readable-stream';
import { BinaryGuard, type BinaryGuardOptions } from '../src/index';

/** Cuts `bytes` into chunks of `size` bytes (the last one shorter). */
export function chunksOf(bytes: Buffer, size: number): Buffer[] {
  return cutAt(
    bytes,
    Array.from({ length: Math.floor(bytes.length / size) }, (_, index) => (index + 1) * size),
  );
}

/** Streams the chunks through a new guard and collects what comes out. */
export async function runGuard(
  chunks: readonly Buffer[],
  options?: BinaryGuardOptions,
): Promise<{ output: Buffer; guard: BinaryGuard }> {
  const guard = new BinaryGuard(options);
  const output = collectBytes(guard);
  await pipeline(feed(chunks), guard);
  return { output: await output, guard };
}

/** A sink that drops what it is given. */
export function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, callback) => callback() });
}
