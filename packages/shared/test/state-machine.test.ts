import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, StateMachine, type Transitions } from '../src/core';

type Light = 'off' | 'on' | 'broken';
const LIGHT: Transitions<Light> = { off: ['on', 'broken'], on: ['off', 'broken'], broken: [] };

describe('StateMachine', () => {
  it('should move along its table and remember where it has been', () => {
    const light = new StateMachine<Light>('A light', 'off', LIGHT);
    light.to('on');
    light.to('off');
    expect(light.state).toBe('off');
    expect(light.visited('on')).toBe(true);
    expect(light.visited('broken')).toBe(false);
  });

  it('should throw an IllegalTransitionError naming the machine and both states when the table has no such move', () => {
    const light = new StateMachine<Light>('A light', 'broken', LIGHT);
    let thrown: unknown;
    try {
      light.to('on');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalTransitionError);
    expect(thrown).toMatchObject({
      code: 'ERR_ILLEGAL_TRANSITION',
      from: 'broken',
      to: 'on',
      message: 'A light cannot move from broken to on',
    });
    expect(light.state).toBe('broken');
  });

  it('should say whether a move is allowed without making it', () => {
    const light = new StateMachine<Light>('A light', 'off', LIGHT);
    expect(light.can('on')).toBe(true);
    expect(light.can('off')).toBe(false);
    expect(light.state).toBe('off');
  });

  it('should tell listeners every move until they stop listening', () => {
    const light = new StateMachine<Light>('A light', 'off', LIGHT);
    const heard: string[] = [];
    const stop = light.onTransition((to, from) => heard.push(`${from}→${to}`));
    light.to('on');
    stop();
    light.to('off');
    expect(heard).toEqual(['off→on']);
  });

  it.each<[string, string, Transitions<string>, string]>([
    [
      'a target outside the table',
      'a',
      { a: ['b'] },
      'The "transitions" of A test name an unknown state. Received a → b',
    ],
    [
      'an initial state outside the table',
      'z',
      { a: [] },
      'The "initial" state of A test is not in its table. Received z',
    ],
  ])('should throw a RangeError for %s', (_case, initial, table, message) => {
    expect(() => new StateMachine('A test', initial, table)).toThrow(new RangeError(message));
  });
});
