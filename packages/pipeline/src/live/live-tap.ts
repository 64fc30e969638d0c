import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { LiveLinesFeed, type LiveLinesFeedOptions } from './live-feed';
import type { LiveLines } from './live-lines';

/**
 * A pass-through stage that also feeds every chunk to a {@link LiveLines}, for placing live lines in a
 * pipeline of your own (after a binary guard, so binary is never handed out). It adds no backpressure of
 * its own: `LiveLines.write()` returns at once. The live view ends when the stream ends or fails.
 */
export class LiveLinesTap extends Transform {
  readonly #feed: LiveLinesFeed;

  /**
   * @param live - The live lines fed with what passes.
   * @param options - `render: true` draws what passes on a terminal of its own, one live row tall, before
   * the live lines see it (a pipeline's renderer holds rows back for redraws); `cols` is its width;
   * `redact` (a redactor's options, or `null`) sends the lines through a redactor of their own.
   */
  constructor(live: LiveLines, options?: LiveLinesFeedOptions) {
    super();
    this.#feed = new LiveLinesFeed(live, options);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#feed.write(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#feed.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#feed.destroy();
    callback(error);
  }
}
