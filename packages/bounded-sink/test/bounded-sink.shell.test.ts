import { pipeline } from 'node:stream/promises';
import { nodeByteOps } from '@pipeguard/shared';
import { cutAt, cutsFor, driveCore, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSinkCore } from '../src/core';
import { BoundedSink, type BoundedSinkOptions, type BoundedSinkResult, type KeepMode } from '../src/index';

const chunked = fc
  .array(fc.constantFrom('ok ', 'error: x ', 'é', '\n', 'FAIL ', 'line '), { maxLength: 60 })
  .map((words) => Buffer.from(words.join('')))
  .chain((bytes) => cutsFor(bytes.length).map((cuts) => cutAt(bytes, cuts)));
const options: fc.Arbitrary<BoundedSinkOptions> = fc.record({
  maxBytes: fc.oneof(fc.nat({ max: 200 }), fc.constant(null)),
  keep: fc.constantFrom<KeepMode>('head', 'tail', 'both'),
  keepMatches: fc.boolean(),
  cutAt: fc.constantFrom('byte' as const, 'line' as const),
});

/** A result with its bytes as hex, so that two results compare at once. */
function comparable(result: BoundedSinkResult) {
  return {
    ...result,
    bytes: result.bytes.toString('hex'),
    excerpts: result.excerpts.map((excerpt) => ({ ...excerpt, bytes: excerpt.bytes.toString('hex') })),
  };
}

describe('BoundedSink, the Node shell over BoundedSinkCore', () => {
  it('should finish with the result the core emits, with the same stats, for any input, chunking and options', async () => {
    await fc.assert(
      fc.asyncProperty(chunked, options, async (chunks, sinkOptions) => {
        const core = new BoundedSinkCore({ ...sinkOptions, byteOps: nodeByteOps });
        const [fromCore] = driveCore(core, chunks) as BoundedSinkResult[];
        const sink = new BoundedSink(sinkOptions);
        await pipeline(feed(chunks), sink);
        const fromStage = await sink.done;
        expect(comparable(fromStage)).toEqual(comparable(fromCore as BoundedSinkResult));
        expect(sink.stats).toEqual(core.stats);
        expect(Buffer.isBuffer(fromStage.bytes)).toBe(true);
      }),
      { numRuns: propertyRuns(50) },
    );
  });
});
