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

/**
 * How a test reads the guard: as fast as it can, or one chunk per turn of the event loop behind a
 * one-byte high-water mark, so the guard's output backs up and the writer waits for it.
 */
export type Consumer = 'flowing' | 'slow';

/** Streams the chunks through a new guard and collects what comes out. */
export async function runGuard(
  chunks: readonly Buffer[],
  options?: BinaryGuardOptions,
  consumer: Consumer = 'flowing',
): Promise<{ output: Buffer; guard: BinaryGuard }> {
  const guard = new BinaryGuard(options);
  if (consumer === 'flowing') {
    const output = collectBytes(guard);
    await pipeline(feed(chunks), guard);
    return { output: await output, guard };
  }
  const received: Buffer[] = [];
  const slow = new Writable({
    highWaterMark: 1,
    write: (chunk: Buffer, _encoding, callback) => {
      received.push(chunk);
      setImmediate(callback);
    },
  });
  await pipeline(feed(chunks), guard, slow);
  return { output: Buffer.concat(received), guard };
}

/** A sink that drops what it is given. */
export function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, callback) => callback() });
}
