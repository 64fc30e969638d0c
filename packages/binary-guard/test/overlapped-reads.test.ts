import { pipeReadsLater } from '@pipeguard/test-utils';
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
    const guard = new BinaryGuard();
    const output: Buffer[] = [];
    guard.on('data', (piece: Buffer) => output.push(Buffer.from(piece)));
    // The writer refills its one buffer in each write's callback, at once.
    const buffer = Buffer.from('line1\n');
    await new Promise<void>((resolve, reject) => {
      const writeFrom = (line: number) =>
        guard.write(buffer, (error) => {
          if (error) reject(error);
          else if (line === 3) resolve();
          else {
            buffer.write(`line${line + 1}\n`);
            writeFrom(line + 1);
          }
        });
      writeFrom(1);
    });
    guard.end();
    await new Promise((resolve) => guard.on('end', resolve));
    expect(Buffer.concat(output).toString()).toBe('line1\nline2\nline3\n');
  });
});
