/**
 * Milliseconds on a monotonic clock, for durations. `performance.now()` would do, but the first use of
 * the `performance` global loads node:perf_hooks, which costs a command-line start about a millisecond.
 */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}
