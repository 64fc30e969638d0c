import { chunkedBytes, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteCounterCore } from '../src/core';

// The core's properties (the Node stage is a shell over it: byte-counter.shell.test.ts).
describe('ByteCounter properties', () => {
  it('should count exactly the input length and forward the input unchanged for any chunking', () => {
    fc.assert(
      fc.property(chunkedBytes({ maxLength: 2048 }), ({ bytes, chunks }) => {
        const counter = new ByteCounterCore();
        const forwarded: Uint8Array[] = [];
        for (const chunk of chunks) counter.write(chunk, (out) => forwarded.push(out));
        counter.end();
        // The very chunks written, not copies.
        expect(forwarded).toHaveLength(chunks.length);
        forwarded.forEach((out, index) => {
          expect(out).toBe(chunks[index]);
        });
        expect(Buffer.concat(forwarded).toString('hex')).toBe(bytes.toString('hex'));
        expect(counter.stats).toEqual({
          bytes: bytes.length,
          chunks: chunks.filter((chunk) => chunk.length > 0).length,
        });
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should report progress at most every N bytes and once at the end, with counts that only grow', () => {
    fc.assert(
      fc.property(
        chunkedBytes({ maxLength: 2048 }),
        fc.integer({ min: 0, max: 600 }),
        ({ bytes, chunks }, every) => {
          const reports: { bytes: number; done: boolean }[] = [];
          const counter = new ByteCounterCore({
            progressIntervalBytes: every,
            progressIntervalMs: null,
            onProgress: ({ bytes: count, done }) => reports.push({ bytes: count, done }),
            now: () => 0,
          });
          for (const chunk of chunks) counter.write(chunk, () => {});
          counter.end();
          expect(reports.at(-1)).toEqual({ bytes: bytes.length, done: true });
          for (let index = 1; index < reports.length - 1; index++) {
            expect(
              (reports[index] as { bytes: number }).bytes - (reports[index - 1] as { bytes: number }).bytes,
            ).toBeGreaterThanOrEqual(every);
          }
          expect(reports.filter((report) => report.done)).toHaveLength(1);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
