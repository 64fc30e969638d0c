import { pipeline } from 'node:stream/promises';
import { Writable } from 'readable-stream';
import { expect } from 'vitest';
import { spawnPtyChild } from '../../src/index';

/**
 * Carries `bytes` of a command's output through the terminal to a reader slower than the command now and
 * then (so the terminal must be paused), checking every byte arrives and memory stays bounded.
 * `pnpm test` carries 256 MiB; the soak config (`pnpm test:soak`) 1 GiB.
 */
export async function checkBoundedThroughTerminal(bytes: number): Promise<void> {
  const child = spawnPtyChild('head', ['-c', String(bytes), '/dev/zero']);
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  let received = 0;
  let writes = 0;
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (++writes % 64 === 0) setImmediate(callback);
      else callback();
    },
  });
  await pipeline(child.stdout! as unknown as NodeJS.ReadableStream, sink as unknown as NodeJS.WritableStream);
  clearInterval(sampler);
  expect(received).toBe(bytes);
  expect(peak - before).toBeLessThan(100 * 1024 * 1024);
}
