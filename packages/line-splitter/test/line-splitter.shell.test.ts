import { pipeline } from 'node:stream/promises';
import { nodeByteOps } from '@pipeguard/shared';
import {
  collect,
  cutAt,
  cutsFor,
  driveCore,
  expectThrowingListenerFailsStream,
  feed,
  propertyRuns,
} from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitterCore } from '../src/core';
import { type LineBatch, LineSplitter, type LineUnit } from '../src/index';

const bytes = fc
  .array(fc.oneof(fc.constantFrom('\n', '\r', '\r\n', 'ab', 'é', '中文'), fc.string({ maxLength: 6 })), {
    maxLength: 40,
  })
  .map((pieces) => Buffer.from(pieces.join('')));
const chunked = bytes.chain((all) => cutsFor(all.length).map((cuts) => cutAt(all, cuts)));
const options = fc.record({ maxUnitBytes: fc.integer({ min: 4, max: 24 }), batched: fc.boolean() });

/** Units and batches as rows, so that the stage's and the core's compare at once. */
function rows(items: (LineUnit | LineBatch)[]): string[] {
  return items.map((item) =>
    'units' in item
      ? `batch ${item.offset} ${Buffer.from(item.bytes).toString('hex')} ${item.unitCount}/${item.longestUnitBytes}`
      : `unit ${item.offset} ${Buffer.from(item.bytes).toString('hex')} ${JSON.stringify(item.terminator)}`,
  );
}

describe('LineSplitter, the Node shell over LineSplitterCore', () => {
  it('should emit what the core emits, as Buffers, with the same stats, for any input, chunking and options', async () => {
    await fc.assert(
      fc.asyncProperty(chunked, options, async (chunks, splitterOptions) => {
        const core = new LineSplitterCore({ ...splitterOptions, byteOps: nodeByteOps });
        const fromCore = driveCore(core, chunks) as (LineUnit | LineBatch)[];
        const splitter = new LineSplitter(splitterOptions);
        const [fromStage] = await Promise.all([
          collect<LineUnit | LineBatch>(splitter),
          pipeline(feed(chunks), splitter),
        ]);
        expect(rows(fromStage)).toEqual(rows(fromCore));
        expect(splitter.stats).toEqual(core.stats);
        for (const item of fromStage) expect(Buffer.isBuffer(item.bytes)).toBe(true);
      }),
      { numRuns: propertyRuns(50) },
    );
  });
});

describe('LineSplitter (a throwing listener)', () => {
  it('should fail the stream with what a data listener throws, not throw it from write()', async () => {
    await expectThrowingListenerFailsStream(new LineSplitter());
  });
});
