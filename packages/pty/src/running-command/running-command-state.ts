import { StateMachine, type Transitions } from '@pipeguard/shared/core';

/** Where a running command is: running, waiting for input (a prompt), or ended. */
export type RunningCommandState = 'running' | 'waiting-for-input' | 'exited';

/**
 * The lifecycle of a running command: a wait for input found moves it to `'waiting-for-input'`, the wait
 * ended (output came, input was written, or a sample saw the command move on) back to `'running'`, its
 * exit to `'exited'`, which accepts nothing.
 */
export const RUNNING_COMMAND_TRANSITIONS: Transitions<RunningCommandState> = Object.freeze({
  running: Object.freeze(['waiting-for-input', 'exited'] as const),
  'waiting-for-input': Object.freeze(['running', 'exited'] as const),
  exited: Object.freeze([] as const),
});

/** A new running command's state machine, in `'running'`. */
export function createRunningCommandState(): StateMachine<RunningCommandState> {
  return new StateMachine<RunningCommandState>('A running command', 'running', RUNNING_COMMAND_TRANSITIONS);
}
