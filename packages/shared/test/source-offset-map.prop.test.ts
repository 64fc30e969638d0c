import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOURCE_OFFSET_GRAIN_BYTES, SOURCE_OFFSET_LOOKBACK_BYTES, SourceOffsetMap } from '../src/core';

interface Stretch {
  length: number;
  /** Input bytes skipped before it (withheld, folded, drawn over). */
  gap: number;
  exact: boolean;
}

/** Stretches of a stage's output in order, input offsets growing, as the guard, folder and renderer record them. */
const stretches = (maxLength: number, maxCount: number) =>
  fc.array(
    fc.record({
      length: fc.integer({ min: 1, max: maxLength }),
      gap: fc.nat({ max: 40 }),
      exact: fc.boolean(),
    }),
    { maxLength: maxCount },
  );

/** Records the stretches in a map and in a list that forgets nothing (the oracle). */
function record(list: readonly Stretch[]) {
  const map = new SourceOffsetMap();
  const oracle: { output: number; input: number; length: number; exact: boolean }[] = [];
  let output = 0;
  let input = 0;
  for (const { length, gap, exact } of list) {
    input += gap;
    map.record(length, input, exact);
    oracle.push({ output, input, length, exact });
    output += length;
    // An exact stretch consumes its input; a drawn line's bytes all came from where it started.
    input += exact ? length : 1;
  }
  const truth = (offset: number) => {
    const stretch = oracle.findLast((each) => each.output <= offset) as (typeof oracle)[number];
    return stretch.exact ? stretch.input + offset - stretch.output : stretch.input;
  };
  return { map, oracle, truth, emitted: output };
}

/** Offsets to ask about: every one of a short output, else a sample and the edges of the look-back. */
function offsetsOf(emitted: number): number[] {
  if (emitted <= 2000) return Array.from({ length: emitted }, (_, offset) => offset);
  const from = Math.max(0, emitted - SOURCE_OFFSET_LOOKBACK_BYTES);
  return [
    from,
    from + 1,
    emitted - 1,
    ...Array.from({ length: 500 }, (_, index) => from + Math.floor(((emitted - from) * index) / 500)),
  ];
}

describe('SourceOffsetMap', () => {
  it('should answer exactly, as a map that forgets nothing, when every stretch is at least a grain long', () => {
    fc.assert(
      fc.property(stretches(300, 60), (list) => {
        const long = list.map((stretch) => ({
          ...stretch,
          length: stretch.length + SOURCE_OFFSET_GRAIN_BYTES,
        }));
        const { map, truth, emitted } = record(long);
        const offsets = offsetsOf(emitted);
        expect(offsets.map((offset) => map.sourceOffsetOf(offset))).toEqual(offsets.map(truth));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should answer exactly while a burst of short stretches lasts (up to 4096 entries)', () => {
    fc.assert(
      fc.property(stretches(20, 300), (list) => {
        const { map, truth, emitted } = record(list);
        const offsets = offsetsOf(emitted);
        expect(offsets.map((offset) => map.sourceOffsetOf(offset))).toEqual(offsets.map(truth));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should answer for the whole look-back, at or before the truth, with bounded entries, however long the output', () => {
    const long = fc.array(
      fc.record({
        length: fc.oneof(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 200_000 })),
        gap: fc.nat({ max: 40 }),
        exact: fc.boolean(),
      }),
      { minLength: 1, maxLength: 400 },
    );
    fc.assert(
      fc.property(long, (list) => {
        const { map, truth, emitted } = record(list);
        expect(map.entries).toBeLessThanOrEqual(
          Math.ceil(SOURCE_OFFSET_LOOKBACK_BYTES / SOURCE_OFFSET_GRAIN_BYTES) + 4098,
        );
        const offsets = offsetsOf(emitted);
        const wrong = offsets.filter((offset) => {
          const answer = map.sourceOffsetOf(offset);
          return answer === null || answer > truth(offset);
        });
        expect(wrong).toEqual([]);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should answer at or before the truth once short stretches outrun the burst, as a 16-byte grain does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 4200, max: 9000 }),
        (seed, count) => {
          // Many stretches of 1-15 bytes, from a small generator: arrays this long are slow to draw and shrink.
          let state = seed;
          const next = () => {
            state = (state * 48271) % 2147483647;
            return state;
          };
          const list = Array.from({ length: count }, () => ({
            length: 1 + (next() % 15),
            gap: next() % 3,
            exact: next() % 2 === 0,
          }));
          const { map, truth, emitted } = record(list);
          const offsets = offsetsOf(emitted);
          const wrong = offsets.filter((offset) => {
            const answer = map.sourceOffsetOf(offset);
            return answer === null || answer > truth(offset);
          });
          expect(wrong).toEqual([]);
          // The first 4096 entries came from credit: the output before the burst ran out maps exactly.
          expect(map.sourceOffsetOf(0)).toBe(truth(0));
        },
      ),
      { numRuns: propertyRuns(30) },
    );
  });

  it('should keep its edges: one past the output answers only after an exact stretch, anything else out of range is null', () => {
    fc.assert(
      fc.property(stretches(40, 20), (list) => {
        const { map, oracle, emitted } = record(list);
        const last = oracle.at(-1);
        const end = last === undefined ? 0 : last.exact ? last.input + last.length : null;
        expect(map.sourceOffsetOf(emitted)).toBe(end);
        for (const outside of [emitted + 1, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])
          expect(map.sourceOffsetOf(outside)).toBeNull();
        expect(map.emitted).toBe(emitted);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should record a stretch that continues the last one (exact and contiguous, or drawn from the same line) at no cost', () => {
    const map = new SourceOffsetMap();
    map.record(10, 0, true);
    map.record(5, 10, true);
    map.record(7, 40, false);
    map.record(3, 40, false);
    map.record(0, 99, true);
    expect(map.entries).toBe(2);
    expect([0, 14, 15, 24, 25].map((offset) => map.sourceOffsetOf(offset))).toEqual([0, 14, 40, 40, null]);
  });
});
