import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt } from './helpers/cli';

const OUTPUT_BYTES = 100_000_000;

/** Resident memory of a live process, in bytes, from /proc (0 once it is gone). */
function residentBytes(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? 0 : Number(kib) * 1024;
  } catch {
    return 0;
  }
}

describe('pipeguard --max-bytes none', () => {
  beforeAll(() => requireBuilt());

  it("should stream 100 MB through in constant memory and keep the command's exit status", async () => {
    // Arrange: the command writes 100 MB of text lines, then fails with status 3.
    const script = `yes 'INFO worker 7 processed item 123456 in 12 ms' | head -c ${OUTPUT_BYTES}; exit 3`;
    const cli = spawn(process.execPath, [CLI, '--max-bytes', 'none', '--', 'sh', '-c', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peak = 0;
    let streamed = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(cli.pid as number));
    }, 10);
    // Act
    cli.stdout.on('data', (chunk: Buffer) => {
      streamed += chunk.length;
    });
    let stderr = '';
    cli.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const status = await new Promise<number | null>((resolve) => cli.once('close', resolve));
    clearInterval(sampler);
    // Assert: everything arrived, the status is the command's, and the CLI never held the output
    // (holding it took over 900 MB for 169 MB before).
    expect(stderr).toBe('');
    expect(status).toBe(3);
    expect(streamed).toBe(OUTPUT_BYTES);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(OUTPUT_BYTES);
  }, 120_000);
});
