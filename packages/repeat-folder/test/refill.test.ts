import { pipeline } from 'node:stream/promises';
import { chunksOf, collectBytes, feed, writeFromOneBuffer } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { RepeatFolder } from '../src/index';

// Runs of repeats whose lines span 7-byte writes, and a line longer than the cap.
const TEXT = Buffer.from(
  ['start\n', 'again and again\n'.repeat(9), 'x'.repeat(40), '\n', 'b\n'.repeat(5), 'end'].join(''),
);

describe('RepeatFolder and a writer that refills its buffer', () => {
  it('should fold as chunks of their own give when each write reuses one buffer', async () => {
    const chunks = chunksOf(TEXT, 7);
    const shown = (chunk: unknown) => (chunk as Buffer).toString('latin1');
    const folder = new RepeatFolder({ maxFoldLineBytes: 32 });
    const [, own] = await Promise.all([pipeline(feed(chunks), folder), collectBytes(folder)]);
    const reused = await writeFromOneBuffer(new RepeatFolder({ maxFoldLineBytes: 32 }), chunks, shown);
    expect(reused.join('')).toBe(
      'start\nagain and again\n[previous line repeated 8 more times]\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nb\n[previous line repeated 4 more times]\nend',
    );
    expect(reused.join('')).toBe(own.toString('latin1'));
  });
});
