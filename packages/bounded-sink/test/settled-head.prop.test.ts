import { nodeByteOps } from '@pipeguard/shared';
import { cutAt, cutsFor, driveCore, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSinkCore, type BoundedSinkOptions, SettledHead } from '../src/core';
import type { BoundedSinkResult } from '../src/index';

const RUNS = propertyRuns(500);

/** Lines of a few words, some matching, some multi-byte, with and without a last line feed. */
const text = fc
  .array(fc.constantFrom('x', 'ab ', 'error', 'é', '×', '\n', '\n', '\r\n', 'y'.repeat(30)), {
    maxLength: 120,
  })
  .map((words) => Buffer.from(words.join('')));

const cases = text.chain((bytes) =>
  fc.record({
    bytes: fc.constant(bytes),
    cuts: cutsFor(bytes.length),
    keep: fc.constantFrom('head' as const, 'tail' as const, 'both' as const),
    cutAt: fc.constantFrom('byte' as const, 'line' as const),
    keepMatches: fc.constantFrom(false, 'error', true),
    maxBytes: fc.option(fc.nat({ max: bytes.length + 2 }), { nil: null }),
  }),
);

/** The bytes `SettledHead` hands out for `chunks`, and what the sink with the same options keeps. */
function settle(chunks: Buffer[], options: BoundedSinkOptions) {
  const head = new SettledHead({ ...options, byteOps: nodeByteOps });
  const settled = Buffer.concat(chunks.map((chunk) => Buffer.from(head.write(chunk))));
  const [result] = driveCore(new BoundedSinkCore({ ...options, byteOps: nodeByteOps }), chunks) as [
    BoundedSinkResult,
  ];
  const keptHead = Buffer.from(result.bytes.subarray(0, result.omittedStart ?? result.bytes.length));
  return { settled, keptHead, result };
}

describe('SettledHead', () => {
  it('should hand out only bytes the sink keeps at the start of its head, whatever the chunking', () => {
    fc.assert(
      fc.property(cases, ({ bytes, cuts, ...options }) => {
        const { settled, keptHead } = settle(cutAt(bytes, cuts), options);
        expect(keptHead.subarray(0, settled.length).equals(settled)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('should hand out the whole kept head once the stream is longer than maxBytes, without keepMatches', () => {
    fc.assert(
      fc.property(cases, ({ bytes, cuts, ...options }) => {
        fc.pre(options.maxBytes !== null && bytes.length > options.maxBytes && options.keepMatches === false);
        const { settled, keptHead } = settle(cutAt(bytes, cuts), options);
        expect(settled.equals(keptHead)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('should hand out every byte as it comes with maxBytes: null', () => {
    const head = new SettledHead({ maxBytes: null, byteOps: nodeByteOps });
    expect(Buffer.from(head.write(Buffer.from('ab'))).toString()).toBe('ab');
    expect(Buffer.from(head.write(Buffer.from('c\n'))).toString()).toBe('c\n');
    expect(head.settledBytes).toBe(4);
  });

  it('should hold back the reach of the cut until the head is full', () => {
    const head = new SettledHead({ maxBytes: 100, cutAt: 'line', byteOps: nodeByteOps });
    // The cut may go back a quarter of the head at lines: 74 bytes are sure before the head is full.
    expect(head.write(Buffer.alloc(90, 0x61)).length).toBe(74);
    expect(head.write(Buffer.alloc(20, 0x61)).length).toBe(26);
    expect(head.settledBytes).toBe(100);
    expect(head.write(Buffer.alloc(5, 0x61)).length).toBe(0);
  });

  it('should validate its options as the sink does', () => {
    expect(() => new SettledHead({ maxBytes: -1, byteOps: nodeByteOps })).toThrow(RangeError);
    expect(() => new SettledHead({ maxBytes: 1 } as never)).toThrow(TypeError);
  });
});
