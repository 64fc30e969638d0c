import { pipeline } from 'node:stream/promises';
import { nodeByteOps, portableByteOps } from '@pipeguard/shared';
import { cutAt, cutsFor, driveCore, feed, propertyRuns, writeFromOneBuffer } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSinkCore } from '../src/core';
import { BoundedSink, type BoundedSinkOptions, type BoundedSinkResult, type KeepMode } from '../src/index';
import { countLineFeeds } from '../src/line-feeds';

const RUNS = propertyRuns(200);

/** Lines long and short, some matching, so that the head, the tail ring and the matcher all hold bytes. */
const text = fc
  .array(
    fc.constantFrom('x', 'ab ', 'error', 'FAIL', 'é', '\n', '\n', '\r\n', 'x'.repeat(40), 'word '.repeat(12)),
    { maxLength: 120, size: 'max' },
  )
  .map((words) => Buffer.from(words.join('')));

const chunked = text.chain((bytes) => cutsFor(bytes.length, 20).map((cuts) => cutAt(bytes, cuts)));

const options = (length: number): fc.Arbitrary<BoundedSinkOptions> =>
  fc.record({
    maxBytes: fc.oneof(fc.nat({ max: length + 2 }), fc.constant(null)),
    keep: fc.constantFrom<KeepMode>('head', 'tail', 'both'),
    keepMatches: fc.constantFrom(false, true, 'error', ['FAIL', /é+/]),
    context: fc.nat({ max: 2 }),
    contextBefore: fc.nat({ max: 2 }),
    maxMatchLineBytes: fc.integer({ min: 1, max: 60 }),
    cutAt: fc.constantFrom<'byte' | 'line'>('byte', 'line'),
  });

const cases = chunked.chain((chunks) =>
  fc.tuple(fc.constant(chunks), options(chunks.reduce((sum, chunk) => sum + chunk.length, 0))),
);

/** The parts of a result that hold bytes, as hex and text, so that two results compare at once. */
function shown(result: BoundedSinkResult) {
  return {
    ...result,
    bytes: result.bytes.toString('hex'),
    text: result.text,
    excerpts: result.excerpts.map((excerpt) => ({ ...excerpt, bytes: excerpt.bytes.toString('hex') })),
  };
}

async function ownChunks(chunks: Buffer[], sinkOptions: BoundedSinkOptions): Promise<BoundedSinkResult> {
  const sink = new BoundedSink(sinkOptions);
  await pipeline(feed(chunks.map((chunk) => Buffer.from(chunk))), sink);
  return sink.done;
}

/**
 * Writes `groups` of chunks corked, so that each group reaches the sink as one batch, from buffers that
 * the writer overwrites with other bytes once the group is called back.
 */
async function writeCorkedGroups(sink: BoundedSink, groups: Buffer[][]): Promise<void> {
  for (const group of groups) {
    const buffers = group.map((chunk) => Buffer.from(chunk));
    sink.cork();
    const written = buffers.map(
      (buffer) =>
        new Promise<void>((resolve, reject) =>
          sink.write(buffer, (error) => (error ? reject(error) : resolve())),
        ),
    );
    sink.uncork();
    await Promise.all(written);
    for (const buffer of buffers) buffer.fill('#');
  }
  await new Promise<void>((resolve, reject) => {
    sink.once('error', reject).once('finish', resolve);
    sink.end();
  });
}

/** Splits `chunks` into consecutive groups of 1 to 4. */
const grouped = (chunks: Buffer[], sizes: number[]): Buffer[][] => {
  const groups: Buffer[][] = [];
  for (let at = 0, index = 0; at < chunks.length; index++) {
    const size = sizes[index % Math.max(1, sizes.length)] ?? 1;
    groups.push(chunks.slice(at, at + size));
    at += size;
  }
  return groups;
};

describe('BoundedSink and writers that reuse their buffers', () => {
  it('should give the same result for chunks written from one refilled buffer as for chunks of their own', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ([chunks, sinkOptions]) => {
        const reused = new BoundedSink(sinkOptions);
        await writeFromOneBuffer(reused, chunks, () => null);
        expect(shown(await reused.done)).toEqual(shown(await ownChunks(chunks, sinkOptions)));
      }),
      { numRuns: RUNS },
    );
  });

  it('should give the same result for corked batches whose buffers are refilled once called back', async () => {
    const batches = cases.chain(([chunks, sinkOptions]) =>
      fc.tuple(
        fc.constant(chunks),
        fc.constant(sinkOptions),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 5 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(batches, async ([chunks, sinkOptions, sizes]) => {
        const corked = new BoundedSink(sinkOptions);
        await writeCorkedGroups(corked, grouped(chunks, sizes));
        expect(shown(await corked.done)).toEqual(shown(await ownChunks(chunks, sinkOptions)));
      }),
      { numRuns: RUNS },
    );
  });

  it('should give the same result from writeAll as from writing each chunk in turn', () => {
    const batches = cases.chain(([chunks, sinkOptions]) =>
      fc.tuple(
        fc.constant(chunks),
        fc.constant(sinkOptions),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
      ),
    );
    fc.assert(
      fc.property(batches, ([chunks, sinkOptions, sizes]) => {
        const core = new BoundedSinkCore({ ...sinkOptions, byteOps: nodeByteOps });
        for (const group of grouped(chunks, sizes)) {
          const buffers = group.map((chunk) => Buffer.from(chunk));
          core.writeAll(buffers);
          for (const buffer of buffers) buffer.fill('#');
        }
        let result: BoundedSinkResult | undefined;
        core.end((value) => {
          result = value as BoundedSinkResult;
        });
        const [expected] = driveCore(new BoundedSinkCore({ ...sinkOptions, byteOps: nodeByteOps }), chunks);
        expect(shown(result as BoundedSinkResult)).toEqual(shown(expected as BoundedSinkResult));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('countLineFeeds', () => {
  it('should count the line feeds of any range, short lines or long', () => {
    const lines = fc
      .array(fc.oneof(fc.constant(10), fc.integer({ min: 0, max: 255 })), { maxLength: 700 })
      .chain((bytes) =>
        fc.tuple(
          fc.constant(Uint8Array.from(bytes)),
          fc.nat({ max: 7 }),
          fc.nat({ max: bytes.length }),
          fc.nat({ max: bytes.length }),
        ),
      );
    fc.assert(
      fc.property(lines, ([bytes, offset, a, b]) => {
        // An unaligned view, so that the word-wise count meets both of its ends.
        const view = new Uint8Array(bytes.length + offset).subarray(offset);
        view.set(bytes);
        const [from, to] = [Math.min(a, b), Math.max(a, b)];
        const expected = view.subarray(from, to).filter((byte) => byte === 10).length;
        expect(countLineFeeds(view, from, to, nodeByteOps)).toBe(expected);
        expect(countLineFeeds(view, from, to, portableByteOps)).toBe(expected);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
