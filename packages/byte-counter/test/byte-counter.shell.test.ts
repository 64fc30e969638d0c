import { pipeline } from 'node:stream/promises';
import { chunkedBytes, collect, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteCounterCore } from '../src/core';
import { ByteCounter } from '../src/index';

describe('ByteCounter, the Node shell over ByteCounterCore', () => {
  it('should forward what the core forwards and report the same stats for any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedBytes({ maxLength: 1024 }), async ({ chunks }) => {
        const core = new ByteCounterCore();
        const fromCore: Uint8Array[] = [];
        for (const chunk of chunks) core.write(chunk, (out) => fromCore.push(out));
        core.end();
        const counter = new ByteCounter();
        const [forwarded] = await Promise.all([collect(counter), pipeline(feed(chunks), counter)]);
        const nonEmpty = (list: Uint8Array[]) => list.filter((chunk) => chunk.length > 0);
        expect(nonEmpty(forwarded)).toEqual(nonEmpty(fromCore));
        expect(counter.stats).toEqual(core.stats);
      }),
      { numRuns: propertyRuns(50) },
    );
  });
});
