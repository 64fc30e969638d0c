import { BinaryGuard } from '@pipeguard/binary-guard';
import { ByteCounter } from '@pipeguard/byte-counter';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineSplitter } from '@pipeguard/line-splitter';
import { Readable, Writable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { composeStreams } from '../src/preset/compose-streams';

const CHUNK = Buffer.from(
  'a fast producer writes this line again and again, far faster than anyone reads\n'.repeat(800),
);

/** An endless source that only produces when asked: the pull side of backpressure. */
function endlessSource(): Readable {
  return new Readable({
    read() {
      this.push(CHUNK);
    },
  });
}

/** A consumer that takes one item every few milliseconds, and can give up mid-stream. */
function slowConsumer(): Writable {
  return new Writable({
    objectMode: true,
    highWaterMark: 4,
    write(_text: string, _encoding, callback) {
      setTimeout(callback, 2);
    },
  });
}

describe('stages under a slow consumer', () => {
  it('should stay bounded by the high-water marks and the stages buffers, and tear down cleanly when the consumer gives up', async () => {
    const source = endlessSource();
    const stages = [
      new ByteCounter(),
      new BinaryGuard(),
      new LineSplitter({ batched: true }),
      new FallbackDecoder({ fallback: 'gbk' }),
    ] as const;
    const consumer = slowConsumer();
    const done = composeStreams([source, ...stages, consumer]);
    let peakBufferedBytes = 0;
    // Bytes waiting in byte-mode buffers (object-mode sides count items, not bytes).
    const waiting = (stream: { readableObjectMode: boolean; readableLength: number }) =>
      stream.readableObjectMode ? 0 : stream.readableLength;
    const buffered = () =>
      waiting(source) + stages.reduce((sum, stage) => sum + waiting(stage) + stage.writableLength, 0);
    const sampler = setInterval(() => {
      peakBufferedBytes = Math.max(peakBufferedBytes, buffered());
    }, 5);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(sampler);
    // Byte-mode buffers: each side holds about one high-water mark and at most one more chunk.
    const chunk = CHUNK.length;
    expect(peakBufferedBytes).toBeLessThan(stages.length * 2 * (16 * 1024 + chunk) + 64 * 1024 + 2 * chunk);
    const readBefore = stages[0].bytes;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The producer is held back: in 200 ms a slow consumer lets through far less than a fast one would.
    expect(stages[0].bytes - readBefore).toBeLessThan(64 * 1024 * 1024);
    consumer.destroy(Object.assign(new Error('reader went away'), { code: 'ERR_READER_GONE' }));
    await expect(done).rejects.toMatchObject({ code: 'ERR_READER_GONE' });
    for (const stream of [source, ...stages]) {
      expect(stream.destroyed).toBe(true);
      expect(stream.listenerCount('data') + stream.listenerCount('drain')).toBe(0);
    }
  });
});
