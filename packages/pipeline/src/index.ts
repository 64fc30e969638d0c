/** Resolves `fallback: 'auto'` to this machine's legacy codepage: the decoder's, the one module that reads the host. */
export { resolveAutoFallback } from '@pipeguard/fallback-decoder';
export {
  DEFAULT_INPUT_WAIT_MS,
  DEFAULT_PTY_COLS,
  DEFAULT_PTY_ROWS,
  DEFAULT_PTY_TERM,
  type InputWait,
  type InputWaitEvidence,
  NO_PROMPT_ENV,
  PTY_PACKAGE,
  PTY_PACKAGE_VERSION,
  PtyChild,
  type PtyChildOptions,
  type PtyOption,
  type PtySize,
  PtyUnavailableError,
  type RunningCommandState,
  spawnPtyChild,
  withNoPromptEnv,
} from '@pipeguard/pty';
export { AbortError } from './capture/abort-error';
export {
  type CaptureStages,
  capture,
  type RunningCapture,
} from './capture/capture';
export type { CaptureOptions, LiveLinesQueueOptions } from './capture/capture-options';
export type { ChildInput, ChildLike, ChildOutput } from './capture/child-like';
export type { ContainmentMechanism } from './capture/descendants/descendant-containment';
export type { Leftover } from './capture/descendants/process-table';
export type { LiveLinesReport, RunResult } from './capture/run-result';
export type { LiveDrop, LiveEvent, LiveLine } from './live/live-events';
export { LiveLines, type LiveLinesOptions, type LiveLinesStats } from './live/live-lines';
export type { LiveStreamEvent, LiveStreamName } from './live/live-merge';
export { LiveLinesTap } from './live/live-tap';
export {
  AGENT_PROFILE,
  type AgentProfileSettings,
  PIPELINE_PROFILES,
  type PipelineProfile,
} from './preset/agent-profile';
export type { Capture, CaptureResult } from './preset/capture-result';
export { PipelineError, type PipelineErrorCode } from './preset/errors';
export { type PipelineRun, pipeline } from './preset/pipeline';
export { type PipelineOptions, RENDER_MODES, type RenderMode } from './preset/pipeline-options';
export type { PipelineStages } from './preset/pipeline-stages';
export type { Utf16Transcoder } from './preset/utf16-transcoder';
export { run } from './run/run';
export { RunError, type RunErrorCode } from './run/run-error';
export type { RunOptions } from './run/run-options';
export type {
  CommandRead,
  StopOptions,
  WaitForCondition,
  WaitForOptions,
} from './session/command-read';
export {
  type InputWaitOptions,
  ON_INPUT_WAIT_VALUES,
  type OnInputWait,
} from './session/input-wait-options';
export { RunningCommand } from './session/running-command';
export type { ByteRange } from './session/segmented-output';
export { type StartOptions, start } from './session/start';
export { WaitForTimeoutError } from './session/wait-for-timeout-error';
export type { SpillTap } from './spill/spill-tap';
