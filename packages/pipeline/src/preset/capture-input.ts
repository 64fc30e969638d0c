import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';

/**
 * The input of a `capture()` pipeline: passes each chunk on, and tells whether any came (`hasData`), so
 * that a stream that ends empty costs no composition.
 */
export class CaptureInput extends Transform {
  /**
   * Settles with `true` at the first chunk written (or a failure), `false` when the input ends without
   * one: `pipeline()` composes its stages only for a stream that has bytes.
   */
  readonly hasData: Promise<boolean>;
  #settle!: (hasData: boolean) => void;

  constructor() {
    super();
    this.hasData = new Promise((resolve) => {
      this.#settle = resolve;
    });
    // Failed before it was composed (the run failed first), its error still reaches the pipeline, which
    // finds it on the stream when composed; until then nobody listens, and it must not be uncaught.
    this.on('error', () => {});
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#settle(true);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#settle(false);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    // Composed, a destroyed input fails the pipeline as any stage does.
    this.#settle(true);
    callback(error);
  }
}
