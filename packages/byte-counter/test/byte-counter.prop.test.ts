import { pipeline } from 'node:stream/promises';
import { chunkedBytes, collect, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteCounter } from '../src/index';

describe('ByteCounter properties', () => {
  it('should count exactly the input length and forward the input unchanged for any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedBytes({ maxLength: 2048 }), async ({ bytes, chunks }) => {
        const counter = new ByteCounter();
        const forwarded = collect(counter);
        await pipeline(feed(chunks), counter);
        expect(Buffer.concat(await forwarded).equals(bytes)).toBe(true);
        expect(counter.bytes).toBe(bytes.length);
        expect(counter.chunks).toBe(chunks.filter((chunk) => chunk.length > 0).length);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
