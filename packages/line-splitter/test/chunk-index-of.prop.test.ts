import { nodeByteOps } from '@pipeguard/shared';
import { portableByteOps } from '@pipeguard/shared/core';
import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BytePositions, LineBatch, LineEndCount, LineUnit } from '../src/core';
import { LineSplitterCore } from '../src/core';

/** Bytes dense in terminators (LF, CR, CRLF) and long runs without one. */
const bytes = fc
  .array(fc.oneof(fc.constantFrom('\n', '\r', '\r\n', 'é', '✓'), fc.string({ maxLength: 40 })), {
    maxLength: 40,
  })
  .map((parts) => Buffer.from(parts.join('')));

/**
 * A bulk search by a byte loop, over windows of `windowBytes` (small, so that CRLFs and lines straddle them);
 * with `counting`, a bulk count of the line ends too, as the web shell's.
 */
function loopPositions(windowBytes: number, counting = false): BytePositions {
  const positions: BytePositions = {
    windowBytes,
    find(chunk, from, a, b) {
      const found: number[] = [];
      for (let at = from; at < Math.min(from + windowBytes, chunk.length); at++)
        if (chunk[at] === a || chunk[at] === b) found.push(at);
      return Int32Array.from(found);
    },
  };
  return counting ? { ...positions, countLineEnds: loopCount } : positions;
}

/** `LineEndCount` of `chunk` by a byte loop. */
function loopCount(chunk: Uint8Array): LineEndCount {
  let count = 0;
  let firstEnd = 0;
  let firstNext = 0;
  let start = 0;
  let longestAfterFirst = 0;
  for (let at = 0; at < chunk.length; at++) {
    if (chunk[at] !== 0x0a && chunk[at] !== 0x0d) continue;
    const next = chunk[at] === 0x0d && chunk[at + 1] === 0x0a ? at + 2 : at + 1;
    if (count++ === 0) [firstEnd, firstNext] = [at, next];
    else longestAfterFirst = Math.max(longestAfterFirst, at - start);
    start = next;
    at = next - 1;
  }
  return { count, firstEnd, firstNext, next: start, longestAfterFirst };
}

/** Every unit (batches opened), the batches' counts and the stats, for `chunks` through a core built with `options`. */
function split(chunks: Uint8Array[], options: ConstructorParameters<typeof LineSplitterCore>[0]) {
  const core = new LineSplitterCore(options);
  const items: (LineUnit | LineBatch)[] = [];
  const emit = (item: LineUnit | LineBatch) => items.push(item);
  for (const chunk of chunks) core.write(chunk, emit);
  core.end(emit);
  const counts = items.map((item) => ('units' in item ? [item.unitCount, item.longestUnitBytes] : []));
  const units = items.flatMap((item) => ('units' in item ? item.units : [item]));
  return {
    counts,
    units: units.map((unit) => [Buffer.from(unit.bytes).toString('hex'), unit.terminator, unit.offset]),
    stats: core.stats,
  };
}

describe('LineSplitterCore chunkIndexOf and bytePositions', () => {
  it("should give the units, batches and stats of byteOps.indexOf's search with the chunk's own indexOf, Buffers or not, and with a bulk search over any window", () => {
    fc.assert(
      fc.property(
        bytes,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 4, max: 24 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 9 }),
        (input, cuts, maxUnitBytes, batched, asBuffers, windowBytes) => {
          const at = [0, ...cuts.map((cut) => cut % (input.length + 1)).sort((a, b) => a - b), input.length];
          const chunks = at
            .slice(1)
            .map((end, index) => input.subarray(at[index], end))
            .map((chunk) => (asBuffers ? chunk : new Uint8Array(chunk)));
          const options = { maxUnitBytes, batched };
          const reference = split(chunks, { ...options, byteOps: portableByteOps });
          expect(split(chunks, { ...options, byteOps: nodeByteOps, chunkIndexOf: true })).toEqual(reference);
          expect(split(chunks, { ...options, byteOps: portableByteOps, chunkIndexOf: true })).toEqual(
            reference,
          );
          const bytePositions = loopPositions(windowBytes);
          expect(split(chunks, { ...options, byteOps: portableByteOps, bytePositions })).toEqual(reference);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('should give the same units, batches and stats with deferBounds, which counts units (over the positions or by a bulk count) and finds their ends when read', () => {
    fc.assert(
      fc.property(
        bytes,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.oneof(fc.integer({ min: 4, max: 24 }), fc.constant(4096)),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        fc.boolean(),
        (input, cuts, maxUnitBytes, windowBytes, asBuffers, counting) => {
          const at = [0, ...cuts.map((cut) => cut % (input.length + 1)).sort((a, b) => a - b), input.length];
          const chunks = at
            .slice(1)
            .map((end, index) => input.subarray(at[index], end))
            .map((chunk) => (asBuffers ? chunk : new Uint8Array(chunk)));
          const options = { maxUnitBytes, batched: true, bytePositions: loopPositions(windowBytes) };
          const reference = split(chunks, { ...options, byteOps: portableByteOps });
          const byteOps = asBuffers ? nodeByteOps : portableByteOps;
          const bytePositions = loopPositions(windowBytes, counting);
          expect(split(chunks, { ...options, byteOps, bytePositions, deferBounds: true })).toEqual(reference);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('should cut the lines just over the cap with deferBounds as without it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 40 }),
        fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), fc.constantFrom('\n', '\r', '\r\n')), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (maxUnitBytes, lines, cuts, windowBytes, counting) => {
          const text = lines
            .map(([over, end]) => 'x'.repeat(Math.max(0, maxUnitBytes + over)) + end)
            .join('');
          const input = Buffer.from(text);
          const at = [0, ...cuts.map((cut) => cut % (input.length + 1)).sort((a, b) => a - b), input.length];
          const chunks = at.slice(1).map((end, index) => input.subarray(at[index], end));
          const reference = split(chunks, { maxUnitBytes, batched: true, byteOps: portableByteOps });
          const bytePositions = loopPositions(windowBytes, counting);
          const options = { maxUnitBytes, batched: true, bytePositions, deferBounds: true };
          expect(split(chunks, { ...options, byteOps: portableByteOps })).toEqual(reference);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('should refuse a chunkIndexOf that is not a boolean', () => {
    expect(() => new LineSplitterCore({ byteOps: portableByteOps, chunkIndexOf: 1 as never })).toThrow(
      new TypeError('The "chunkIndexOf" option must be of type boolean. Received type number (1)'),
    );
  });

  it('should refuse a deferBounds that is not a boolean', () => {
    expect(() => new LineSplitterCore({ byteOps: portableByteOps, deferBounds: 'yes' as never })).toThrow(
      new TypeError('The "deferBounds" option must be of type boolean. Received type string (\'yes\')'),
    );
  });

  it('should refuse a bytePositions that is not an object', () => {
    expect(() => new LineSplitterCore({ byteOps: portableByteOps, bytePositions: 1 as never })).toThrow(
      new TypeError('The "bytePositions" option must be of type object. Received type number (1)'),
    );
  });
});
