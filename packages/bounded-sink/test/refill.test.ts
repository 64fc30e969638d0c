import { pipeline } from 'node:stream/promises';
import { chunksOf, feed, writeFromOneBuffer } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { BoundedSink, type BoundedSinkOptions, type BoundedSinkResult } from '../src/index';

const LOG = Buffer.from(
  Array.from({ length: 400 }, (_, index) =>
    index % 37 === 0
      ? `line ${index}: error: the build failed here\n`
      : `line ${index}: compiling module ${index}\n`,
  ).join(''),
);

/** The parts of a result that hold bytes, as text, so that two results compare at once. */
function shown(result: BoundedSinkResult) {
  return {
    bytes: result.bytes.toString('hex'),
    text: result.text,
    excerpts: result.excerpts.map((excerpt) => ({ ...excerpt, bytes: excerpt.bytes.toString('hex') })),
  };
}

describe('BoundedSink and a writer that refills its buffer', () => {
  it.each<BoundedSinkOptions>([
    { maxBytes: 3000, keep: 'both', keepMatches: true, cutAt: 'line' },
    { maxBytes: 2000, keep: 'tail' },
    { maxBytes: null },
  ])('should keep what chunks of their own give when each write reuses one buffer (%j)', async (options) => {
    const chunks = chunksOf(LOG, 700);
    const own = new BoundedSink(options);
    await pipeline(feed(chunks), own);
    const reused = new BoundedSink(options);
    await writeFromOneBuffer(reused, chunks, () => null);
    expect(shown(await reused.done)).toEqual(shown(await own.done));
  });
});
