import { median } from './measure';

/** Runs `once` `calls` times in a row and returns the median milliseconds of one (a request's round trip). */
export async function medianRoundTrip(calls: number, once: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let call = 0; call < calls; call++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return median(times);
}
