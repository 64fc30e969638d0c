import { pipeline, Readable, Writable } from 'readable-stream';
import { expect } from 'vitest';
import { TerminalRenderer } from '../../src/index';

const CHUNK = Buffer.alloc(64 * 1024, 'progress without end ');

/**
 * Renders `chunks` 64 KiB chunks of text with no newline, checking every byte comes out and memory stays
 * bounded. `pnpm test` renders 256 MiB; the soak config (`pnpm test:soak`) 1 GiB.
 */
export async function checkBoundedWithoutNewline(chunks: number): Promise<void> {
  let left = chunks;
  let bytes = 0;
  const before = process.memoryUsage.rss();
  let peak = before;
  await new Promise<void>((resolve, reject) =>
    pipeline(
      new Readable({
        read() {
          this.push(left-- > 0 ? CHUNK : null);
        },
      }),
      new TerminalRenderer(),
      new Writable({
        write(piece: Buffer, _encoding, callback) {
          bytes += piece.length;
          peak = Math.max(peak, process.memoryUsage.rss());
          callback();
        },
      }),
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  expect(bytes).toBe(chunks * CHUNK.length);
  expect(peak - before).toBeLessThan(64 * 1024 * 1024);
}
