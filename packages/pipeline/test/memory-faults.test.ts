import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** Runs `body` in a fresh Node process (so its RSS is its own) and returns what it printed as JSON. */
function inChildProcess(body: string): Record<string, unknown> {
  const script = `
    const { Readable } = await import('readable-stream');
    const { pipeline } = await import(${JSON.stringify(source)});
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
    const chunk = Buffer.from('log line that repeats, as a verbose command writes it\\n'.repeat(1200));
    ${body}
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    console.log(JSON.stringify({ ...outcome, peakGrowthMiB: (peak - before) / 2 ** 20 }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout.trim().split('\n').at(-1) as string);
}

describe('pipeline memory under faults, measured in a child process', () => {
  it('should stay bounded when a 512 MiB source fails near its end', () => {
    const outcome = inChildProcess(`
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent >= 448 * 2 ** 20) return this.destroy(Object.assign(new Error('disk gone'), { code: 'EIO' }));
          sent += chunk.length;
          this.push(chunk);
        },
      });
      const outcome = await pipeline(failing, { maxBytes: 2 ** 20 }).then(() => ({ code: 'resolved' }), (error) => ({ code: error.code, sent }));`);
    expect(outcome.code).toBe('EIO');
    expect(outcome.peakGrowthMiB).toBeLessThan(100);
  });

  it('should stay bounded, keeping the tail, over 512 MiB', () => {
    const outcome = inChildProcess(`
      let sent = 0;
      const long = new Readable({
        read() {
          if (sent >= 512 * 2 ** 20) return this.push(null);
          sent += chunk.length;
          this.push(chunk);
        },
      });
      const capture = await pipeline(long, { maxBytes: 2 ** 20, keep: 'tail' });
      const outcome = { code: 'resolved', bytes: capture.bytes, keptBytes: capture.keptBytes };`);
    expect(outcome).toMatchObject({ code: 'resolved', keptBytes: 2 ** 20 });
    expect(outcome.peakGrowthMiB).toBeLessThan(100);
  });

  it('should stay bounded while a consumer of the stages stops reading for 3 s, then tear down', () => {
    const outcome = inChildProcess(`
      const chain = (await import('readable-stream')).default.promises.pipeline;
      const { ByteCounter } = await import('@pipeguard/byte-counter');
      const { BinaryGuard } = await import('@pipeguard/binary-guard');
      const { LineSplitter } = await import('@pipeguard/line-splitter');
      const { FallbackDecoder } = await import('@pipeguard/fallback-decoder');
      const { Writable } = await import('readable-stream');
      const endless = new Readable({ read() { this.push(chunk); } });
      const counter = new ByteCounter();
      const stalled = new Writable({ objectMode: true, write() {} });
      const running = chain([endless, counter, new BinaryGuard(), new LineSplitter({ batched: true }), new FallbackDecoder(), stalled]).catch((error) => error.code);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const readWhileStalled = counter.bytes;
      stalled.destroy(Object.assign(new Error('gone'), { code: 'ERR_GONE' }));
      const outcome = { code: await running, readWhileStalled };`);
    expect(outcome.code).toBe('ERR_GONE');
    // The producer is held back: it read what the buffers hold (object-mode ones count up to 16
    // batches of one chunk each, about 1 MiB apiece), not 3 s of an endless stream.
    expect(outcome.readWhileStalled).toBeLessThan(8 * 2 ** 20);
    expect(outcome.peakGrowthMiB).toBeLessThan(50);
  });
});
