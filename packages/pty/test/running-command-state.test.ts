import { describe, expect, it } from 'vitest';
import {
  createRunningCommandState,
  RUNNING_COMMAND_TRANSITIONS,
  type RunningCommandEvent,
  type RunningCommandState,
  StateMachine,
} from '../src/index';

describe('createRunningCommandState', () => {
  it('should start running, wait for input, run again, and end', () => {
    const state = createRunningCommandState();
    const seen: string[] = [];
    state.onTransition((to, from, event) => seen.push(`${from} -${event}-> ${to}`));
    expect(state.state).toBe('running');
    expect(state.send('input-wait')).toBe(true);
    expect(state.send('input-wait-ended')).toBe(true);
    expect(state.send('input-wait')).toBe(true);
    expect(state.send('exit')).toBe(true);
    expect(seen).toEqual([
      'running -input-wait-> waiting-for-input',
      'waiting-for-input -input-wait-ended-> running',
      'running -input-wait-> waiting-for-input',
      'waiting-for-input -exit-> exited',
    ]);
  });

  it.each<[RunningCommandState, RunningCommandEvent]>([
    ['running', 'input-wait-ended'],
    ['waiting-for-input', 'input-wait'],
    ['exited', 'input-wait'],
    ['exited', 'input-wait-ended'],
    ['exited', 'exit'],
  ])('should stay %s on %s, and say so', (start, event) => {
    const state = new StateMachine(start, RUNNING_COMMAND_TRANSITIONS);
    expect(state.can(event)).toBe(false);
    expect(state.send(event)).toBe(false);
    expect(state.state).toBe(start);
  });

  it('should keep its table frozen', () => {
    expect(Object.isFrozen(RUNNING_COMMAND_TRANSITIONS)).toBe(true);
    expect(Object.isFrozen(RUNNING_COMMAND_TRANSITIONS.running)).toBe(true);
  });

  it('should stop telling a listener once it is removed', () => {
    const state = createRunningCommandState();
    let heard = 0;
    const stop = state.onTransition(() => heard++);
    state.send('input-wait');
    stop();
    state.send('exit');
    expect(heard).toBe(1);
  });
});
