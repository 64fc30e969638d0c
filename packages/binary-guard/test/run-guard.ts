import { pipeline } from 'node:stream/promises';
import { nodeByteOps } from '@pipeguard/shared';
import { collectBytes, driveCoreBytes, feed } from '@pipeguard/test-utils';
import { Writable } from 'readable-stream';
import { BinaryGuardCore } from '../src/core';
import { BinaryGuard, type BinaryGuardOptions } from '../src/index';

/**
 * How a test reads the guard: as fast as it can, or one chunk per turn of the event loop behind a
 * one-byte high-water mark, so the guard's output backs up and the writer waits for it.
 */
type Consumer = 'flowing' | 'slow';

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

/** Runs the chunks through a new guard core (no stream) and collects what it emits: what the properties use. */
export function guardCore(
  chunks: readonly Uint8Array[],
  options?: BinaryGuardOptions,
): { output: Buffer; guard: BinaryGuardCore } {
  const guard = new BinaryGuardCore({ ...options, byteOps: nodeByteOps });
  return { output: driveCoreBytes(guard, chunks), guard };
}
