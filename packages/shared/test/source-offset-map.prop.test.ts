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
    // The last stretch that starts at or before `offset`: a binary search, as stretches are in output order.
    let low = 0;
    let high = oracle.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((oracle[middle] as (typeof oracle)[number]).output <= offset) low = middle;
      else high = middle - 1;
    }
    const stretch = oracle[low] as (typeof oracle)[number];
    return stretch.exact ? stretch.input + offset - stretch.output : stretch.input;
  };
  return { map, oracle, truth, emitted: output };
}

/** Offsets to ask about: every one of a short output, else a sample and the edges of the look-back. */
function offsetsOf(emitted: number, samples = 500): number[] {
  if (emitted <= 2000) return Array.from({ length: emitted }, (_, offset) => offset);
  const from = Math.max(0, emitted - SOURCE_OFFSET_LOOKBACK_BYTES);
  const spread = Array.from(
    { length: samples },
    (_, index) => from + Math.floor(((emitted - from) * index) / samples),
  );
  return [from, from + 1, emitted - 1, ...spread];
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

  it('should answer exactly while a burst of short stretches lasts (up to 1024 entries)', () => {
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
          Math.ceil(SOURCE_OFFSET_LOOKBACK_BYTES / SOURCE_OFFSET_GRAIN_BYTES) + 1026,
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
        fc.integer({ min: 1100, max: 1500 }),
        (seed, count) => {
          // Many stretches of 1-15 bytes from a small generator, kept in typed arrays: arrays of this
          // many records are slow to draw, shrink and hold.
          let state = seed;
          const next = () => {
            state = (state * 48271) % 2147483647;
            return state;
          };
          const map = new SourceOffsetMap();
          const outputs = new Float64Array(count);
          const inputs = new Float64Array(count);
          const exacts = new Uint8Array(count);
          let output = 0;
          let input = 0;
          for (let index = 0; index < count; index++) {
            const length = 1 + (next() % 15);
            const exact = next() % 2 === 0;
            input += next() % 3;
            map.record(length, input, exact);
            outputs[index] = output;
            inputs[index] = input;
            exacts[index] = exact ? 1 : 0;
            output += length;
            input += exact ? length : 1;
          }
          const truth = (offset: number) => {
            let low = 0;
            let high = count - 1;
            while (low < high) {
              const middle = (low + high + 1) >> 1;
              if ((outputs[middle] as number) <= offset) low = middle;
              else high = middle - 1;
            }
            return exacts[low] === 1
              ? (inputs[low] as number) + offset - (outputs[low] as number)
              : (inputs[low] as number);
          };
          // A sample, and the last 300 bytes, recorded after the burst ran out.
          const offsets = [
            ...offsetsOf(output, 100),
            ...Array.from({ length: 300 }, (_, index) => output - 1 - index),
          ];
          const wrong = offsets.filter((offset) => {
            const answer = map.sourceOffsetOf(offset);
            return answer === null || answer > truth(offset);
          });
          expect(wrong).toEqual([]);
          // The first 1024 entries came from credit: the output before the burst ran out maps exactly.
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
