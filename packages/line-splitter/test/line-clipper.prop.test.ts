import { isUtf8 } from 'node:buffer';
import { nodeByteOps } from '@pipeguard/shared';
import {
  batchOf,
  cutAt,
  cutsFor,
  driveCore,
  flattenUnits as flatten,
  messyBytes,
  propertyRuns,
  unitsOf,
} from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineClipperCore, LineSplitterCore } from '../src/core';
import { type ClippedLineUnit, formatClipMarker, type LineBatch, type LineUnit } from '../src/index';

/** Drives the clipper's core (the Node stage is a shell over it: line-clipper.shell.test.ts). */
function clipAll(chunks: Array<LineUnit | LineBatch>, maxLineBytes: number) {
  const clipper = new LineClipperCore({ maxLineBytes, maxClipRecords: 1000, byteOps: nodeByteOps });
  const output = driveCore(clipper, chunks) as (ClippedLineUnit | LineBatch)[];
  return { output, stats: clipper.stats };
}

/** The units grouped at arbitrary cuts, each group a batch or loose units. */
function grouped(units: LineUnit[]): fc.Arbitrary<Array<LineUnit | LineBatch>> {
  return fc.tuple(cutsFor(units.length), fc.infiniteStream(fc.boolean())).map(([cuts, asBatch]) => {
    const bounds = [0, ...cuts.sort((a, b) => a - b), units.length];
    return bounds.slice(1).flatMap((end, index): Array<LineUnit | LineBatch> => {
      const group = units.slice(bounds[index], end);
      return asBatch.next().value ? [batchOf(group, group[0]?.offset ?? 0)] : group;
    });
  });
}

const unitsAndMax = fc.tuple(messyBytes(), fc.integer({ min: 1, max: 20 })).chain(([bytes, maxLineBytes]) => {
  const units = unitsOf(bytes);
  return grouped(units).map((chunks) => ({ bytes, units, chunks, maxLineBytes }));
});

describe('LineClipper properties', () => {
  it('should give the same bytes and stats however the units are batched', () => {
    fc.assert(
      fc.property(unitsAndMax, ({ units, chunks, maxLineBytes }) => {
        const single = clipAll(units, maxLineBytes);
        const batched = clipAll(chunks, maxLineBytes);
        expect(flatten(batched.output).toString('hex')).toBe(flatten(single.output).toString('hex'));
        expect(batched.stats).toEqual(single.stats);
        for (const chunk of batched.output) {
          if (!('units' in chunk)) continue;
          expect(Buffer.from(chunk.bytes).toString('hex')).toBe(flatten([chunk]).toString('hex'));
          if (chunk.units[0] !== undefined) expect(chunk.offset).toBe(chunk.units[0].offset);
          if (chunk.unitCount === undefined) continue;
          const lengths = chunk.units.map((unit) => unit.bytes.length);
          expect([chunk.unitCount, chunk.longestUnitBytes]).toEqual([
            lengths.length,
            Math.max(0, ...lengths),
          ]);
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should keep a prefix of each unit and mark exactly the stream bytes it omits', () => {
    fc.assert(
      fc.property(unitsAndMax, ({ bytes, units, maxLineBytes }) => {
        const { output, stats } = clipAll(units, maxLineBytes);
        for (const [index, chunk] of output.entries()) {
          const unit = units[index] as LineUnit;
          const { clip } = chunk as ClippedLineUnit;
          if (clip === undefined) {
            expect(chunk).toBe(unit);
            continue;
          }
          const kept = unit.bytes.subarray(0, clip.keptBytes);
          const omitted = bytes.subarray(clip.omittedStart, clip.omittedEnd + 1);
          expect(Buffer.concat([kept, omitted]).toString('hex')).toBe(
            Buffer.from(unit.bytes).toString('hex'),
          );
          const marker = formatClipMarker(clip, isUtf8(kept) ? '…' : '...');
          expect(Buffer.from((chunk as LineUnit).bytes).toString('hex')).toBe(
            Buffer.concat([kept, Buffer.from(marker)]).toString('hex'),
          );
        }
        expect(stats.omittedBytes).toBe(stats.clips.reduce((sum, clip) => sum + clip.omittedBytes, 0));
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same output and stats whatever the chunking of the bytes a LineSplitter reads', () => {
    const clipChunks = (chunks: Buffer[], batched: boolean, maxLineBytes: number) => {
      const splitter = new LineSplitterCore({ batched, byteOps: nodeByteOps });
      const clipper = new LineClipperCore({ maxLineBytes, byteOps: nodeByteOps });
      const units = driveCore(splitter, chunks) as (LineUnit | LineBatch)[];
      const output = driveCore(clipper, units) as (LineUnit | LineBatch)[];
      return { bytes: flatten(output).toString('hex'), stats: clipper.stats };
    };
    fc.assert(
      fc.property(
        messyBytes().chain((bytes) =>
          cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })),
        ),
        fc.boolean(),
        fc.integer({ min: 1, max: 20 }),
        ({ bytes, chunks }, batched, maxLineBytes) => {
          expect(clipChunks(chunks, batched, maxLineBytes)).toEqual(clipChunks([bytes], false, maxLineBytes));
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});
