import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBytesAsUtf8, type Utf8Window } from '../src/index';
import { memoryFile } from './helpers/memory-file';
import { decode, illFormedBytesOracle, messyBytes } from './helpers/utf8';

/** Every window met paging from 0 by `nextOffset`; fails instead of looping if a window makes no progress. */
async function pageThrough(bytes: Buffer, limit: number): Promise<Utf8Window[]> {
  const windows: Utf8Window[] = [];
  const handle = memoryFile(bytes);
  for (let offset = 0; ; ) {
    const window = await readBytesAsUtf8(handle, { offset, windowBytes: limit });
    windows.push(window);
    if (window.eof) return windows;
    expect(window.nextOffset).toBeGreaterThan(offset);
    expect(windows.length).toBeLessThanOrEqual(bytes.length);
    offset = window.nextOffset;
  }
}

describe('readBytesAsUtf8 properties', () => {
  it('should visit every byte exactly once and decode as the whole file when paging by nextOffset', async () => {
    await fc.assert(
      fc.asyncProperty(messyBytes(), fc.integer({ min: 1, max: 12 }), async (bytes, limit) => {
        const windows = await pageThrough(bytes, limit);
        let expectedOffset = 0;
        for (const window of windows) {
          expect(window.offset).toBe(expectedOffset);
          expect(window.trimmedStartBytes).toBe(0);
          expectedOffset = window.nextOffset;
        }
        expect(expectedOffset).toBe(bytes.length);
        expect(windows.map((window) => window.text).join('')).toBe(decode(bytes));
        expect(windows.reduce((sum, window) => sum + window.illFormedBytes, 0)).toBe(
          illFormedBytesOracle(bytes),
        );
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should cut any window only where a decoder of the whole file is between characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        messyBytes(),
        fc.nat({ max: 300 }),
        fc.integer({ min: 1, max: 12 }),
        async (bytes, offsetSeed, limit) => {
          const offset = offsetSeed % (bytes.length + 2);
          const window = await readBytesAsUtf8(memoryFile(bytes), { offset, windowBytes: limit });
          const decoded = bytes.subarray(window.offset, window.nextOffset);
          expect(window.text).toBe(decode(decoded));
          expect(window.illFormedBytes).toBe(illFormedBytesOracle(decoded));
          expect(window.trimmedStartBytes).toBeLessThanOrEqual(3);
          expect(window.byteLength).toBeLessThanOrEqual(Math.max(limit, 4));
          if (offset < bytes.length) {
            expect(window.nextOffset).toBeGreaterThan(offset);
            expect(
              decode(bytes.subarray(0, window.offset)) +
                window.text +
                decode(bytes.subarray(window.nextOffset)),
            ).toBe(decode(bytes));
          }
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same window as without a fallback when the bytes are UTF-8', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.nat(100),
        fc.nat(100),
        async (text, offset, windowBytes) => {
          const file = memoryFile(Buffer.from(text));
          expect(await readBytesAsUtf8(file, { offset, windowBytes, fallback: 'gbk' })).toEqual(
            await readBytesAsUtf8(file, { offset, windowBytes }),
          );
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
