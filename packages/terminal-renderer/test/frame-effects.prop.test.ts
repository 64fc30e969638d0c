import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameEffects } from '../src/frames/frame-effects';

const COLUMNS = 24;

/** A frame's cell intervals as `row, from, to` (`to` Infinity: to the row's end, as an erase sets them). */
const intervals = fc.array(
  fc
    .tuple(
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: COLUMNS }),
      fc.integer({ min: 0, max: 8 }),
    )
    .map(
      ([row, from, length]) => [row, from, length === 8 ? Number.POSITIVE_INFINITY : from + length] as const,
    ),
  { maxLength: 10 },
);

function effectsOf(cells: readonly (readonly [number, number, number])[]): FrameEffects {
  const effects = new FrameEffects();
  for (const [row, from, to] of cells) effects.set(row, from, to);
  return effects;
}

/** Whether every cell of `earlier` is one of `later`'s, cell by cell (Infinity as the columns past the last). */
function coversCellByCell(
  later: readonly (readonly [number, number, number])[],
  earlier: readonly (readonly [number, number, number])[],
): boolean {
  const cellsOf = (cells: readonly (readonly [number, number, number])[]) => {
    const set = new Set<string>();
    for (const [row, from, to] of cells)
      for (let column = from; column < Math.min(to, COLUMNS + 9); column++) set.add(`${row}:${column}`);
    return set;
  };
  const covered = cellsOf(later);
  return [...cellsOf(earlier)].every((cell) => covered.has(cell));
}

describe('FrameEffects', () => {
  it('should cover an earlier frame exactly when it sets every cell the earlier one set', () => {
    fc.assert(
      fc.property(intervals, intervals, fc.boolean(), (later, earlier, sameStart) => {
        // Half the time the later frame begins with the earlier one's intervals, as a redraw mostly does.
        const cells = sameStart ? [...earlier, ...later] : later;
        expect(effectsOf(cells).covers(effectsOf(earlier))).toBe(coversCellByCell(cells, earlier));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});
