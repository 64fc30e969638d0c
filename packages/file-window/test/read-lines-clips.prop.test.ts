import { LineClipperCore, type LineUnit } from '@pipeguard/line-splitter/core';
import { nodeByteOps } from '@pipeguard/shared';
import { linesFile, propertyRuns, unitsOf } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLines } from '../src/index';
import { memoryFile } from './helpers/memory-file';

/** The clips LineClipper (its core) makes of `units`. */
function clipsOf(units: LineUnit[], maxLineBytes: number) {
  const clipper = new LineClipperCore({ maxLineBytes, maxClipRecords: 1000, byteOps: nodeByteOps });
  for (const unit of units) clipper.write(unit, () => {});
  return clipper.stats.clips;
}

describe('readLines and LineClipper', () => {
  it('should clip exactly as readLines does for the same lines', async () => {
    await fc.assert(
      fc.asyncProperty(linesFile(), fc.integer({ min: 1, max: 20 }), async (bytes, maxLineBytes) => {
        const file = memoryFile(bytes);
        expect(clipsOf(unitsOf(bytes), maxLineBytes)).toEqual(
          (await readLines(file, { maxLineBytes })).clipped,
        );
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
