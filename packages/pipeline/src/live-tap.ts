import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import type { LiveLines } from './live-lines';

/**
 * A pass-through stage that also feeds every chunk to a {@link LiveLines}, for placing live lines in a
 * pipeline (after the binary guard, so binary is never handed out). It adds no backpressure of its own:
 * `LiveLines.write()` returns at once. The live view ends when the stream ends or fails.
 */
export class LiveLinesTap extends Transform {
  readonly #live: LiveLines;

  /** @param live - The live lines fed with what passes. */
  constructor(live: LiveLines) {
    super();
    this.#live = live;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#live.write(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#live.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#live.end();
    callback(error);
  }
}
