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

/** A consumer that takes one item per macrotask, far slower than the stages produce, and reports each. */
function slowConsumer(onItem: (text: string) => void): Writable {
  return new Writable({
    objectMode: true,
    highWaterMark: 4,
    write(text: string, _encoding, callback) {
      setImmediate(() => {
        onItem(text);
        callback();
      });
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
    // Bytes waiting in byte-mode buffers (object-mode sides count items, not bytes).
    const waiting = (stream: { readableObjectMode: boolean; readableLength: number }) =>
      stream.readableObjectMode ? 0 : stream.readableLength;
    const buffered = () =>
      waiting(source) + stages.reduce((sum, stage) => sum + waiting(stage) + stage.writableLength, 0);
    let items = 0;
    let consumedBytes = 0;
    let peakBufferedBytes = 0;
    let peakAhead = 0;
    let tookEnough = () => {};
    const enoughTaken = new Promise<void>((resolve) => {
      tookEnough = resolve;
    });
    const consumer = slowConsumer((text) => {
      consumedBytes += text.length;
      peakBufferedBytes = Math.max(peakBufferedBytes, buffered());
      // What the producer was let through beyond what the consumer took: what backpressure bounds.
      peakAhead = Math.max(peakAhead, stages[0].bytes - consumedBytes);
      if (++items === 3000) tookEnough();
    });
    const done = composeStreams([source, ...stages, consumer]);
    await enoughTaken;
    // Byte-mode buffers: each side holds about one high-water mark and at most one more chunk.
    const chunk = CHUNK.length;
    const bound = stages.length * 2 * (16 * 1024 + chunk) + 64 * 1024 + 2 * chunk;
    expect(peakBufferedBytes).toBeLessThan(bound);
    // Object-mode sides hold items, each at most a chunk: the splitter's and the decoder's sides hold 16
    // each, the consumer 4, and each stage one more in hand.
    expect(peakAhead).toBeLessThan(bound + (3 * 16 + 4 + stages.length) * chunk);
    consumer.destroy(Object.assign(new Error('reader went away'), { code: 'ERR_READER_GONE' }));
    await expect(done).rejects.toMatchObject({ code: 'ERR_READER_GONE' });
    for (const stream of [source, ...stages]) {
      expect(stream.destroyed).toBe(true);
      expect(stream.listenerCount('data') + stream.listenerCount('drain')).toBe(0);
    }
  });
});
