import { describe, expect, it } from 'vitest';
import { median, pairedRatios, quantile } from '../lib/measure';

describe('pairedRatios', () => {
  it('should compare each run with the baseline run of the same round', () => {
    // The machine slowed 2× in round 2: both ran slower there, and the pair still says 2×.
    expect(pairedRatios([100, 200, 100], [50, 100, 50])).toEqual([2, 2, 2]);
  });

  it('should tell drift apart where the ratio of medians cannot', () => {
    const baseline = [100, 300, 110];
    const contender = [120, 330, 310];
    expect(median(baseline) / median(contender)).toBeCloseTo(110 / 310);
    expect(median(pairedRatios(baseline, contender))).toBeCloseTo(100 / 120);
  });
});

describe('quantile', () => {
  it('should interpolate between neighbours, the median of an even list being their mean', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([10, 20], 0.75)).toBe(17.5);
  });
});
