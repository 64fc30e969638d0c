export { type InputWaitClock, SYSTEM_CLOCK } from './input-wait/input-wait-clock';
export {
  DEFAULT_INPUT_WAIT_MS,
  type InputWaitWatchOptions,
  MIN_SAMPLE_INTERVAL_MS,
} from './input-wait/input-wait-options';
export type {
  InputSource,
  InputWait,
  InputWaitEvidence,
  InputWaitQuery,
  InputWaitSample,
  InputWaitSampler,
} from './input-wait/input-wait-types';
export { InputWaitWatch } from './input-wait/input-wait-watch';
export { lineText, MAX_PROMPT_CHARS } from './input-wait/line-text';
export { sampleFromProc } from './input-wait/proc-sampler';
export { promptKind } from './input-wait/prompt-kinds';
export { sampleFromPromptText, sampleInputWait } from './input-wait/sample-input-wait';
export type { TerminalModes } from './input-wait/terminal-modes';
export { NO_PROMPT_ENV, withNoPromptEnv } from './no-prompt-env';
export { PtyChild } from './pty-child';
export {
  loadPtyModule,
  PTY_PACKAGE,
  PTY_PACKAGE_VERSION,
  PtyUnavailableError,
  ptyUnavailable,
} from './pty-load';
export {
  DEFAULT_PTY_COLS,
  DEFAULT_PTY_ROWS,
  DEFAULT_PTY_TERM,
  type PtyChildOptions,
  type PtyOption,
  type PtySize,
  type ResolvedPtyOption,
  resolvePtyOption,
} from './pty-options';
export {
  createRunningCommandState,
  RUNNING_COMMAND_TRANSITIONS,
  type RunningCommandState,
} from './running-command/running-command-state';
export { spawnPtyChild } from './spawn-pty-child';
export { validateCommand } from './validate-command';
