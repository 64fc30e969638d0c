import type { Emit } from './core/stage-core';
import type { TransformCallback } from './stream-types';

/**
 * A Transform shell's `_transform`: writes `input` through `core`, then calls back. What the write throws
 * (the core's error, or a consumer's 'data' listener inside a push) fails the stream through `callback`
 * instead of escaping from `_transform`.
 */
export function writeThroughCore<In, Out>(
  core: { write(input: In, emit: Emit<Out>): void },
  input: In,
  push: Emit<Out>,
  callback: TransformCallback,
): void {
  try {
    core.write(input, push);
  } catch (error) {
    callback(error as Error);
    return;
  }
  callback();
}

/** A Transform shell's `_flush`: ends `core`, then calls back; what the end throws goes to `callback`. */
export function endThroughCore<Out>(
  core: { end(emit: Emit<Out>): void },
  push: Emit<Out>,
  callback: TransformCallback,
): void {
  try {
    core.end(push);
  } catch (error) {
    callback(error as Error);
    return;
  }
  callback();
}
