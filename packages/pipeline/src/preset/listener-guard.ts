import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';

/**
 * The first stage of a pipeline: passes each chunk on, and when a listener of a later stage throws while
 * the chunk goes down the chain (a progress display's `'data'` handler, say), fails the pipeline with
 * that error instead of letting it escape from the source's emit as an uncaught exception.
 */
export class ListenerGuard extends Transform {
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.push(chunk);
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback();
  }
}
