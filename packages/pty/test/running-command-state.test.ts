import { IllegalTransitionError, StateMachine } from '@pipeguard/shared';
import { describe, expect, it } from 'vitest';
import {
  createRunningCommandState,
  RUNNING_COMMAND_TRANSITIONS,
  type RunningCommandState,
} from '../src/index';

describe('createRunningCommandState', () => {
  it('should start running, wait for input, run again, and end', () => {
    const state = createRunningCommandState();
    const seen: string[] = [];
    state.onTransition((to, from) => seen.push(`${from} -> ${to}`));
    expect(state.state).toBe('running');
    state.to('waiting-for-input');
    state.to('running');
    state.to('waiting-for-input');
    state.to('exited');
    expect(seen).toEqual([
      'running -> waiting-for-input',
      'waiting-for-input -> running',
      'running -> waiting-for-input',
      'waiting-for-input -> exited',
    ]);
  });

  it.each<[RunningCommandState, RunningCommandState]>([
    ['running', 'running'],
    ['waiting-for-input', 'waiting-for-input'],
    ['exited', 'waiting-for-input'],
    ['exited', 'running'],
    ['exited', 'exited'],
  ])('should refuse to move from %s to %s, and stay', (start, next) => {
    const state = new StateMachine('A running command', start, RUNNING_COMMAND_TRANSITIONS);
    expect(state.can(next)).toBe(false);
    expect(() => state.to(next)).toThrow(IllegalTransitionError);
    expect(state.state).toBe(start);
  });

  it('should keep its table frozen', () => {
    expect(Object.isFrozen(RUNNING_COMMAND_TRANSITIONS)).toBe(true);
    expect(Object.isFrozen(RUNNING_COMMAND_TRANSITIONS.running)).toBe(true);
  });
});
