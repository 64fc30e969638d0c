import { pipeReadsLater, writeRefillingOneBuffer } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { BinaryGuard } from '../src/index';

const TEXT = Buffer.from(Array.from({ length: 2000 }, (_, index) => `Zoë’s line ${index} 東京\n`).join(''));

describe('BinaryGuard and its source', () => {
  it('should ask the source for its next chunk before it examines the one it has, and pass every byte in order', async () => {
    const guard = new BinaryGuard();
    const { events, output } = await pipeReadsLater(guard, TEXT, 3);
    expect(events.indexOf('read 2')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('read 2')).toBeLessThan(events.indexOf('output'));
    expect(output.equals(Buffer.concat([TEXT, TEXT, TEXT]))).toBe(true);
    expect(guard.stats).toMatchObject({ passedBytes: 3 * TEXT.length, heldBytes: 0 });
  });

  it('should do no work on a chunk written just before it is destroyed', async () => {
    const guard = new BinaryGuard();
    guard.write(TEXT);
    guard.destroy();
    await new Promise(setImmediate);
    expect(guard.stats).toMatchObject({ passedBytes: 0 });
  });

  it('should have examined a chunk by the time it calls the write back, so the writer may refill it then', async () => {
    expect(await writeRefillingOneBuffer(new BinaryGuard(), 3)).toBe('line1\nline2\nline3\n');
  });
});
