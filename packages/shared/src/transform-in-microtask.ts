import type { TransformCallback } from './stream-types';

/**
 * The writable high-water mark of a stage that uses {@link transformInMicrotask}: above the 64 KiB chunks
 * files and pipes deliver, so that a write does not make the pipe wait for 'drain', which comes only after
 * the work (the source's next read would then no longer overlap it), nor cost a 'drain' round trip.
 */
export const OVERLAPPED_WRITABLE_HIGH_WATER_MARK = 128 * 1024;

/**
 * Works on a Transform's chunk a microtask after `_transform` is called, then calls back. Node runs the
 * ticks queued meanwhile first, and in them the stream machinery asks the source for its next chunk: a file
 * stream reads it on libuv's thread pool, on another core, while this one is worked on. The callback still
 * comes after the work, so backpressure, the order of writes (a listener's too) and the writer's right to
 * reuse a chunk once called back are as they are without the deferral.
 *
 * The source reads on only if the write stayed under the stage's writable high-water mark (else the pipe
 * waits for `'drain'`, after the callback): a stage that defers sets it to
 * {@link OVERLAPPED_WRITABLE_HIGH_WATER_MARK}. A stage destroyed meanwhile skips the work.
 */
export function transformInMicrotask(
  stage: { readonly destroyed: boolean },
  chunk: Buffer,
  callback: TransformCallback,
  work: (chunk: Buffer) => void,
): void {
  queueMicrotask(() => {
    if (stage.destroyed) {
      callback();
      return;
    }
    try {
      work(chunk);
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    callback();
  });
}
