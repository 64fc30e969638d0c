import {
  type InputSource,
  type InputWait,
  type InputWaitSample,
  type InputWaitSampler,
  InputWaitWatch,
  sampleInputWait,
} from '../../src/index';
import { ManualClock } from './manual-clock';

/** A watch on a {@link ManualClock}, its sampler's verdicts and the waits it reported, in order. */
export interface DrivenWatch {
  watch: InputWaitWatch;
  clock: ManualClock;
  samples: { at: number; sample: InputWaitSample }[];
  changes: (InputWait | null)[];
  /** Moves the clock on by `ms`, letting every sample it starts finish. */
  advance(ms: number): Promise<void>;
}

/**
 * An {@link InputWaitWatch} driven by a manual clock; `sampler` defaults to the real one, so a real
 * command is sampled through /proc as often as the watch would over the time the test moves through.
 */
export function drivenWatch(
  pid: number,
  input: InputSource,
  { sampler = sampleInputWait, inputWaitMs }: { sampler?: InputWaitSampler; inputWaitMs?: number } = {},
): DrivenWatch {
  const clock = new ManualClock();
  const samples: DrivenWatch['samples'] = [];
  const changes: DrivenWatch['changes'] = [];
  const inFlight = new Set<Promise<unknown>>();
  const tracked: InputWaitSampler = (query) => {
    const promise = sampler(query);
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  const watch = new InputWaitWatch({
    pid,
    input,
    ...(inputWaitMs === undefined ? {} : { inputWaitMs }),
    clock,
    sampler: tracked,
    onSample: (sample) => samples.push({ at: clock.nowMs(), sample }),
    onChange: (wait) => changes.push(wait),
  });
  const settle = async () => {
    while (inFlight.size > 0) await Promise.allSettled(inFlight);
    // The watch takes the verdict a turn after the sampler's promise settles.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { watch, clock, samples, changes, advance: (ms) => clock.advance(ms, settle) };
}
