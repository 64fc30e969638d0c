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
  // A first, shorter carry sizes V8's young generation and the allocator's free lists for this traffic,
  // as the 9 MB TypeScript compiler loaded (and collected) before every test file once did by accident:
  // without it, a process that had loaded little grew by 34-44 MiB here, that one-time sizing, with a
  // buffer that holds nothing. An unbounded buffer still grows by the whole measured output.
  expect(await carry(WARM_UP_BYTES, () => {})).toBe(WARM_UP_BYTES);
  const before = process.memoryUsage.rss();
  let peak = before;
  const received = await carry(bytes, () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  });
  expect(received).toBe(bytes);
  expect(peak - before).toBeLessThan(maxGrowthBytes);
}

const WARM_UP_BYTES = 8 * 1024 ** 2;

/** Carries `bytes` of zeros from a command through its terminal to the slow reader; resolves with the bytes read. */
async function carry(bytes: number, sample: () => void): Promise<number> {
  const child = spawnPtyChild('head', ['-c', String(bytes), '/dev/zero']);
  const sampler = setInterval(sample, 5);
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
  try {
    await pipeline(
      child.stdout! as unknown as NodeJS.ReadableStream,
      sink as unknown as NodeJS.WritableStream,
    );
  } finally {
    clearInterval(sampler);
  }
  return received;
}
