import { pipeline } from 'node:stream/promises';
import { nodeByteOps } from '@pipeguard/shared';
import {
  batchOf,
  collect,
  driveCore,
  feed,
  flattenUnits,
  messyBytes,
  propertyRuns,
  unitsOf,
} from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineClipperCore } from '../src/core';
import { type LineBatch, LineClipper, type LineUnit } from '../src/index';

describe('LineClipper, the Node shell over LineClipperCore', () => {
  it('should emit what the core emits, with the same stats, for any units, batched or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        messyBytes(),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        async (bytes, maxLineBytes, batched) => {
          const units = unitsOf(bytes);
          const input: (LineUnit | LineBatch)[] = batched && units.length > 0 ? [batchOf(units)] : units;
          const core = new LineClipperCore({ maxLineBytes, byteOps: nodeByteOps });
          const fromCore = driveCore(core, input) as (LineUnit | LineBatch)[];
          const clipper = new LineClipper({ maxLineBytes });
          const [fromStage] = await Promise.all([
            collect<LineUnit | LineBatch>(clipper),
            pipeline(feed(input), clipper),
          ]);
          expect(flattenUnits(fromStage).toString('hex')).toBe(flattenUnits(fromCore).toString('hex'));
          expect(clipper.stats).toEqual(core.stats);
        },
      ),
      { numRuns: propertyRuns(50) },
    );
  });
});
