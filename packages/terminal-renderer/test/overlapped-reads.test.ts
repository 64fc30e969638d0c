import { pipeReadsLater, writeRefillingOneBuffer } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { TerminalRenderer } from '../src/index';

const LINES = Buffer.from(Array.from({ length: 300 }, (_, index) => `line ${index}\n`).join(''));

describe('TerminalRenderer and its source', () => {
  it('should ask the source for its next chunk before it renders the one it has, and keep every byte in order', async () => {
    const { events, output } = await pipeReadsLater(new TerminalRenderer(), LINES, 3);
    // The chunk's 236 lines above the live region are rendered only once the source is reading on.
    expect(events.indexOf('read 2')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('read 2')).toBeLessThan(events.indexOf('output'));
    expect(output.equals(Buffer.concat([LINES, LINES, LINES]))).toBe(true);
  });

  it('should end with the last chunk rendered when the source ends right after it', async () => {
    const renderer = new TerminalRenderer();
    const output: Buffer[] = [];
    renderer.on('data', (chunk: Buffer) => output.push(chunk));
    renderer.end('a\rb\n');
    await new Promise((resolve) => renderer.on('end', resolve));
    expect(Buffer.concat(output).toString()).toBe('b\n');
  });

  it('should do no work on a chunk written just before it is destroyed', async () => {
    const renderer = new TerminalRenderer();
    renderer.write(LINES);
    renderer.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(renderer.stats).toMatchObject({ bytesIn: LINES.length, bytesOut: 0 });
  });

  it('should hold the writer back when nobody reads, however far apart the writes come', async () => {
    // Each chunk is past the readable side's 16 KiB high-water mark: one rendered chunk fills it.
    const chunk = Buffer.concat(Array.from({ length: 12 }, () => LINES));
    const renderer = new TerminalRenderer();
    let drains = 0;
    renderer.on('drain', () => drains++);
    let accepted = 0;
    // A writer that honours backpressure and lets the event loop turn between writes: each chunk's
    // microtask has run before the next write, so only the readable side's length can hold it back.
    for (let writes = 0; writes < 50; writes++) {
      const before = drains;
      if (!renderer.write(chunk)) {
        await new Promise(setImmediate);
        await new Promise(setImmediate);
        if (drains === before) break;
      }
      accepted++;
      await new Promise(setImmediate);
    }
    // The 128 KiB writable side fills, then the writer waits: the readable side holds about one chunk.
    expect(accepted).toBeLessThanOrEqual(Math.ceil(renderer.writableHighWaterMark / chunk.length) + 1);
    expect(renderer.readableLength).toBeLessThanOrEqual(2 * chunk.length);
    renderer.destroy();
  });

  it('should keep every byte, in order, when a data listener writes and ends the renderer while it renders', async () => {
    // The first chunk is pushed in pieces: its lines before the colour go out before the rest is rendered.
    const first = Buffer.concat([LINES, Buffer.from('\x1b[31mred\x1b[0m\n'), LINES]);
    const renderer = new TerminalRenderer();
    const output: Buffer[] = [];
    renderer.once('data', () => {
      renderer.write('tail\rTAIL\n');
      renderer.end();
    });
    renderer.on('data', (chunk: Buffer) => output.push(chunk));
    renderer.write(first);
    await new Promise((resolve, reject) => renderer.on('end', resolve).on('error', reject));
    expect(Buffer.concat(output).toString()).toBe(`${LINES}red\n${LINES}TAIL\n`);
  });

  it('should have rendered a chunk by the time it calls the write back, so the writer may refill it then', async () => {
    expect(await writeRefillingOneBuffer(new TerminalRenderer(), 3)).toBe('line1\nline2\nline3\n');
  });
});
