/** Resolves `fallback: 'auto'` to this machine's legacy codepage: the decoder's, the one module that reads the host. */
export { resolveAutoFallback } from '@pipeguard/fallback-decoder';
export {
  AGENT_PROFILE,
  type AgentProfileSettings,
  PIPELINE_PROFILES,
  type PipelineProfile,
} from './agent-profile';
export {
  type CapturedRun,
  type CaptureStages,
  capture,
  type LiveLinesReport,
  type RunningCapture,
} from './capture';
export type { CaptureOptions, LiveLinesQueueOptions } from './capture-options';
export type { ChildInput, ChildLike, ChildOutput } from './child-like';
export { AbortError, PipelineError, type PipelineErrorCode, RunError, type RunErrorCode } from './errors';
export { killProcessGroup } from './kill-process-group';
export {
  type LiveDrop,
  type LiveEvent,
  type LiveLine,
  LiveLines,
  type LiveLinesOptions,
  type LiveLinesStats,
} from './live-lines';
export { type LiveStreamEvent, type LiveStreamName, mergeLiveLines } from './live-merge';
export { LiveLinesTap } from './live-tap';
export { type Capture, type PipelineRun, type PipelineStages, pipeline } from './pipeline';
export { type PipelineOptions, RENDER_MODES, type RenderMode } from './pipeline-options';
export { PtyChild, spawnPtyChild } from './pty-child';
export { PTY_PACKAGE, PTY_PACKAGE_VERSION, PtyUnavailableError } from './pty-load';
export {
  DEFAULT_PTY_COLS,
  DEFAULT_PTY_ROWS,
  DEFAULT_PTY_TERM,
  type PtyChildOptions,
  type PtyOption,
  type PtySize,
} from './pty-options';
export { type RunOptions, type RunOutcome, run } from './run';
export type { RunResult } from './run-result';
export type { SpillTap } from './spill-tap';
export type { Utf16Transcoder } from './utf16-transcoder';
