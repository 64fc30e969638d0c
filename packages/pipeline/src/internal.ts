// Helpers the other pipeguard packages share, not an API: `@pipeguard/pipeline/internal` may change in any
// version. Users end a run with its `signal` or `timeout`, and read live lines from `RunningCapture.lines`.
export { killProcessGroup } from './capture/kill-process-group';
export { mergeLiveLines } from './live/live-merge';
