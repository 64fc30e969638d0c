import { nodeByteOps } from '@pipeguard/shared';
import { cutBytes, driveCore, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSinkCore, type BoundedSinkCoreOptions } from '../src/core';
import type { BoundedSinkResult, KeepMode } from '../src/index';

/** Lines that match the default patterns and the caller's, plain ones, and bytes that are not UTF-8. */
const piece = fc.constantFrom(
  'ok\n',
  'error: disk full\n',
  'Traceback (most recent call last):\n',
  'x',
  'é\n',
  '\xff\n',
);
const part = cutBytes(
  fc.array(piece, { maxLength: 40 }).map((pieces) => Buffer.from(pieces.join(''), 'latin1')),
);

const options: fc.Arbitrary<BoundedSinkCoreOptions> = fc.record({
  maxBytes: fc.oneof(fc.constant(null), fc.nat({ max: 300 })),
  keep: fc.constantFrom<KeepMode>('head', 'tail', 'both'),
  keepMatches: fc.constantFrom(false, true, ['disk']),
  context: fc.nat({ max: 3 }),
  cutAt: fc.constantFrom<'byte' | 'line'>('byte', 'line'),
  sourceOffsetOf: fc.constant((offset: number) => offset + 7),
  byteOps: fc.constant(nodeByteOps),
});

/** A result whose bytes compare as hex (a Buffer compared as an iterable is slow) and whose text is read. */
function comparable(result: BoundedSinkResult): object {
  return { ...result, bytes: result.bytes.toString('hex'), text: result.text };
}

describe('BoundedSinkCore.restart()', () => {
  it('should give each part what a fresh sink with the same options gives it, for any parts and chunking', () => {
    fc.assert(
      fc.property(options, fc.array(part, { minLength: 1, maxLength: 5 }), (settings, parts) => {
        const reused = new BoundedSinkCore(settings);
        for (const { parts: chunks } of parts) {
          const [fresh] = driveCore(new BoundedSinkCore(settings), chunks);
          const [again] = driveCore(reused, chunks);
          expect(comparable(again as BoundedSinkResult)).toEqual(comparable(fresh as BoundedSinkResult));
          expect(reused.stats).toEqual({
            totalBytes: (fresh as BoundedSinkResult).totalBytes,
            retainedBytes: (fresh as BoundedSinkResult).bytes.length,
          });
          reused.restart();
          expect(reused.stats).toEqual({ totalBytes: 0, retainedBytes: 0 });
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('should take writes again after a restart that follows its end', () => {
    const sink = new BoundedSinkCore({ maxBytes: 4, byteOps: nodeByteOps });
    driveCore(sink, [Buffer.from('abcdef')]);
    sink.restart();
    const [result] = driveCore(sink, [Buffer.from('xy')]);
    expect((result as BoundedSinkResult).text).toBe('xy');
    expect((result as BoundedSinkResult).truncated).toBe(false);
  });
});
