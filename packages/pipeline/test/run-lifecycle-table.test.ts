import { describe, expect, it } from 'vitest';
import { RUN_TRANSITIONS, type RunState } from '../src/capture/run-lifecycle';

const STATES = Object.keys(RUN_TRANSITIONS) as RunState[];

function reachable(from: RunState): Set<RunState> {
  const seen = new Set<RunState>([from]);
  const todo = [from];
  for (let state = todo.pop(); state !== undefined; state = todo.pop()) {
    for (const next of RUN_TRANSITIONS[state]) {
      if (seen.has(next)) continue;
      seen.add(next);
      todo.push(next);
    }
  }
  return seen;
}

describe('RUN_TRANSITIONS', () => {
  it.each(STATES.filter((state) => state !== 'settled'))('should let a run in %s settle', (state) => {
    expect(reachable(state).has('settled')).toBe(true);
  });

  it.each(STATES.filter((state) => state !== 'settled' && state !== 'ending'))(
    'should let a failure end a run in %s',
    (state) => {
      expect(RUN_TRANSITIONS[state]).toContain('ending');
    },
  );

  it('should let nothing leave settled', () => {
    expect(RUN_TRANSITIONS.settled).toEqual([]);
  });
});
