export { capture, type RunResult } from './capture';
export type { CaptureOptions } from './capture-options';
export { AbortError, RunError, type RunErrorCode } from './errors';
export { killProcessGroup } from './kill-process-group';
export { type Capture, type PipelineRun, type PipelineStages, pipeline } from './pipeline';
export type { PipelineOptions } from './pipeline-options';
export { type RunOptions, run } from './run';
