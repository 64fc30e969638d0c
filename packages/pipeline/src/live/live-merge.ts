import type { LiveEvent } from './live-events';
import type { LiveLines } from './live-lines';

/** Which of a command's streams a live event came from. */
export type LiveStreamName = 'stdout' | 'stderr';

/** A {@link LiveEvent} of a command, told apart by the stream it came from. */
export type LiveStreamEvent = LiveEvent & {
  /** `'stdout'` or `'stderr'`; under a pseudo-terminal always `'stdout'` (its one stream carries both). */
  stream: LiveStreamName;
};

/**
 * The events of several {@link LiveLines} as one async iterable (one consumer), each source in its own
 * order and the sources interleaved as their events arrive. One `next()` is pending per source, each
 * settling into a ready list (no `Promise.race`, whose reactions pile up on a quiet source). Leaving the
 * loop early ends every source, so their later input costs nothing.
 */
export function mergeLiveLines(
  sources: readonly (readonly [LiveStreamName, LiveLines])[],
): AsyncIterableIterator<LiveStreamEvent> {
  const iterators = sources.map(([, live]) => live[Symbol.asyncIterator]());
  // At most one entry per source: a source is asked again only once its event has been taken.
  const ready: { result: IteratorResult<LiveStreamEvent>; index: number }[] = [];
  let open = iterators.length;
  let waiting: ((result: IteratorResult<LiveStreamEvent>) => void) | null = null;
  // Set by return() or once every source has ended: from then on every next() is done at once.
  let finished = false;
  const done = (): IteratorResult<LiveStreamEvent> => ({ value: undefined, done: true });
  const settle = (result: IteratorResult<LiveStreamEvent>, index: number) => {
    if (result.done) finished = true;
    if (waiting === null) {
      ready.push({ result, index });
      return;
    }
    const resolve = waiting;
    waiting = null;
    resolve(result);
    if (!result.done) pull(index);
  };
  const pull = (index: number) => {
    const stream = (sources[index] as readonly [LiveStreamName, LiveLines])[0];
    (iterators[index] as AsyncIterator<LiveEvent>).next().then((result) => {
      if (finished) return;
      if (result.done) {
        if (--open === 0) settle(done(), -1);
        return;
      }
      settle({ value: { ...result.value, stream }, done: false }, index);
    });
  };
  for (let index = 0; index < iterators.length; index++) pull(index);
  if (open === 0) finished = true;
  return {
    next: () => {
      const entry = ready.shift();
      if (entry !== undefined && !entry.result.done) {
        pull(entry.index);
        return Promise.resolve(entry.result);
      }
      if (finished) return Promise.resolve(done());
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return: async () => {
      finished = true;
      ready.length = 0;
      const resolve = waiting;
      waiting = null;
      resolve?.(done());
      for (const iterator of iterators) await iterator.return?.();
      return done();
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
