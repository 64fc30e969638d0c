import { pipeline } from 'node:stream/promises';
import { Writable } from 'readable-stream';
import { expect } from 'vitest';
import { spawnPtyChild } from '../../src/index';

/**
 * Carries `bytes` of a command's output through the terminal to a reader slower than the command now and
 * then (so the terminal must be paused), checking every byte arrives and the resident set grows by less
 * than `maxGrowthBytes`. An unbounded buffer grows by the whole output, so a few times the bound proves it:
 * `pnpm test` carries 64 MiB under a 32 MiB bound (half of it: garbage not yet collected reached 24.9 MiB once under load); the soak config (`pnpm test:soak`) 1 GiB under 100 MiB.
 */
export async function checkBoundedThroughTerminal(bytes: number, maxGrowthBytes: number): Promise<void> {
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
  expect(peak - before).toBeLessThan(maxGrowthBytes);
}
