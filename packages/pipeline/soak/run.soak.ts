import { exposeGc, openDescriptors } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { run } from '../src/index';

const SOAK_MS = Number(process.env.PIPEGUARD_SOAK_MS ?? 60_000);

/** Least-squares slope of `y` over `x`. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const numerator = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const denominator = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return denominator === 0 ? 0 : numerator / denominator;
}

describe('run() soak', () => {
  it(
    `should keep RSS and descriptors flat over ${SOAK_MS / 1000} s of runs with 1 MiB outputs`,
    async () => {
      const gc = exposeGc();
      const heap: [number, number][] = [];
      const rss: [number, number][] = [];
      const descriptors: [number, number][] = [];
      const started = Date.now();
      let runs = 0;
      while (Date.now() - started < SOAK_MS) {
        const result = await run('head', ['-c', String(1024 * 1024), '/dev/zero']);
        expect(result.stdout.bytes).toBe(1024 * 1024);
        runs++;
        if (runs % 10 === 0) {
          gc();
          heap.push([runs, process.memoryUsage().heapUsed / 2 ** 20]);
          rss.push([runs, process.memoryUsage.rss() / 2 ** 20]);
          descriptors.push([runs, openDescriptors().length]);
        }
      }
      // Judge the second half, after the heap has grown to its working size.
      const settled = (points: [number, number][]) => points.slice(Math.floor(points.length / 2));
      const rssSlope = slope(settled(rss)) * 1000;
      const heapSlope = slope(settled(heap)) * 1000;
      const fdSlope = slope(settled(descriptors)) * 1000;
      process.stdout.write(
        `soak: ${runs} runs in ${SOAK_MS / 1000} s; RSS ${rss.at(-1)?.[1].toFixed(0)} MiB, slope ${rssSlope.toFixed(2)} MiB per 1000 runs; heap after GC ${heap.at(-1)?.[1].toFixed(1)} MiB, slope ${heapSlope.toFixed(2)} MiB per 1000 runs; descriptors slope ${fdSlope.toFixed(2)} per 1000 runs\n`,
      );
      expect(heapSlope).toBeLessThan(1);
      expect(rssSlope).toBeLessThan(20);
      expect(Math.abs(fdSlope)).toBeLessThan(1);
    },
    SOAK_MS + 60_000,
  );
});
