import type { LiveEvent, LiveLines } from './live-lines';

/** Which of a command's streams a live event came from. */
export type LiveStreamName = 'stdout' | 'stderr';

/** A {@link LiveEvent} of a command, told apart by the stream it came from. */
export type LiveStreamEvent = LiveEvent & {
  /** `'stdout'` or `'stderr'`; under a pseudo-terminal always `'stdout'` (its one stream carries both). */
  stream: LiveStreamName;
};

type Pending = Promise<{ index: number; result: IteratorResult<LiveEvent> }>;

/**
 * The events of several {@link LiveLines} as one async iterable, each in its own order and the streams
 * interleaved as their events arrive. Leaving the loop early ends every source, so their later input
 * costs nothing.
 */
export async function* mergeLiveLines(
  sources: readonly (readonly [LiveStreamName, LiveLines])[],
): AsyncGenerator<LiveStreamEvent, void, undefined> {
  const iterators = sources.map(([, live]) => live[Symbol.asyncIterator]());
  const pull = (index: number): Pending =>
    (iterators[index] as AsyncIterator<LiveEvent>).next().then((result) => ({ index, result }));
  const pending = new Map<number, Pending>(iterators.map((_, index) => [index, pull(index)]));
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(index);
        continue;
      }
      pending.set(index, pull(index));
      yield { ...result.value, stream: (sources[index] as readonly [LiveStreamName, LiveLines])[0] };
    }
  } finally {
    for (const iterator of iterators) await iterator.return?.();
  }
}
