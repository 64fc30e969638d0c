import { eventually, findProcesses, openDescriptors } from '@pipeguard/test-utils';
import { expect } from 'vitest';
import { run } from '../../src/index';

const descriptors = () => openDescriptors().length;
const zombieChildren = () => findProcesses((stat) => stat.state === 'Z' && stat.ppid === process.pid);

/**
 * Runs `count` commands at once with mixed output sizes (0 B to 2 MiB) and checks every result, that no
 * descriptor or zombie is left, and that memory stays far below what holding every output would take.
 * `pnpm test` runs 50; the soak config (`pnpm test:soak`) runs 200.
 */
export async function checkConcurrentRuns(count: number): Promise<void> {
  const sizes = [0, 1024, 100 * 1024, 2 * 1024 * 1024];
  const descriptorsBefore = descriptors();
  const rssBefore = process.memoryUsage.rss();
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const size = sizes[index % sizes.length] as number;
      return run('sh', ['-c', `head -c ${size} /dev/zero | tr '\\0' a; echo err${index} >&2`]).then(
        (result) => ({ result, size, index }),
      );
    }),
  );
  for (const { result, size, index } of results) {
    expect(result.exitCode).toBe(0);
    expect(result.stdout.bytes).toBe(size);
    expect(result.stdout.keptBytes).toBe(Math.min(size, 1024 * 1024));
    expect(result.stdout.truncated).toBe(size > 1024 * 1024);
    expect(result.stderr.text).toBe(`err${index}\n`);
  }
  expect(await eventually(() => descriptors() <= descriptorsBefore, 10_000)).toBe(true);
  expect(zombieChildren()).toEqual([]);
  // A quarter of the captures keep 1 MiB each at the end; far below what holding every output would take.
  expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(2 * count * 1024 * 1024);
}
