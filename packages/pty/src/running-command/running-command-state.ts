import { StateMachine, type Transitions } from './state-machine';

/** Where a running command is: running, waiting for input (a prompt), or ended. */
export type RunningCommandState = 'running' | 'waiting-for-input' | 'exited';

/**
 * What moves a running command: a wait for input found (`'input-wait'`) or ended (`'input-wait-ended'`:
 * output came, input was written, or a sample saw the command move on), and its exit.
 */
export type RunningCommandEvent = 'input-wait' | 'input-wait-ended' | 'exit';

/** The lifecycle of a running command; `exited` accepts nothing. */
export const RUNNING_COMMAND_TRANSITIONS: Transitions<RunningCommandState, RunningCommandEvent> =
  Object.freeze({
    running: Object.freeze({ 'input-wait': 'waiting-for-input', exit: 'exited' }),
    'waiting-for-input': Object.freeze({ 'input-wait-ended': 'running', exit: 'exited' }),
    exited: Object.freeze({}),
  } as const);

/** A new running command's state machine, in `'running'`. */
export function createRunningCommandState(): StateMachine<RunningCommandState, RunningCommandEvent> {
  return new StateMachine<RunningCommandState, RunningCommandEvent>('running', RUNNING_COMMAND_TRANSITIONS);
}
