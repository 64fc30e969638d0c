import { eventually, findProcesses, openDescriptors } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { run } from '../src/index';

const descriptors = () => openDescriptors().length;
const zombieChildren = () => findProcesses((stat) => stat.state === 'Z' && stat.ppid === process.pid);

describe('run under load', () => {
  it('should give 200 concurrent runs with mixed output sizes correct results, leaving no descriptor or zombie behind', async () => {
    const sizes = [0, 1024, 100 * 1024, 2 * 1024 * 1024];
    const descriptorsBefore = descriptors();
    const rssBefore = process.memoryUsage.rss();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) => {
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
    expect(await eventually(() => descriptors() <= descriptorsBefore, 2000)).toBe(true);
    expect(zombieChildren()).toEqual([]);
    // 50 captures keep 1 MiB each at the end; far below what holding 100 MiB of output would take.
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(400 * 1024 * 1024);
  }, 60_000);
});
