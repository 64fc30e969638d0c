import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, StateMachine, type Transitions } from '../src/core';

const RUNS = 200;
const STATES = ['a', 'b', 'c', 'd', 'e'] as const;
type S = (typeof STATES)[number];

const targets = fc.subarray<S>([...STATES]);
const table: fc.Arbitrary<Transitions<S>> = fc.record({
  a: targets,
  b: targets,
  c: targets,
  d: targets,
  e: targets,
});
const state = fc.constantFrom(...STATES);

describe('StateMachine (properties)', () => {
  it('should follow its table for any table and any moves asked: legal ones move and are heard, others throw and change nothing', () => {
    fc.assert(
      fc.property(table, state, fc.array(state, { maxLength: 30 }), (transitions, initial, moves) => {
        const machine = new StateMachine<S>('A machine', initial, transitions);
        const heard: [S, S][] = [];
        machine.onTransition((to, from) => heard.push([from, to]));
        let expected = initial;
        const path = new Set<S>([initial]);
        const legal: [S, S][] = [];
        for (const next of moves) {
          const allowed = transitions[expected].includes(next);
          expect(machine.can(next)).toBe(allowed);
          if (allowed) {
            machine.to(next);
            legal.push([expected, next]);
            expected = next;
            path.add(next);
          } else {
            expect(() => machine.to(next)).toThrow(IllegalTransitionError);
          }
          expect(machine.state).toBe(expected);
        }
        expect(heard).toEqual(legal);
        for (const s of STATES) expect(machine.visited(s)).toBe(path.has(s));
      }),
      { numRuns: RUNS },
    );
  });
});
