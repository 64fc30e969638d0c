import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';

/**
 * The first stage of a pipeline: passes each chunk on, and when a listener of a later stage throws while
 * the chunk goes down the chain (a progress display's `'data'` handler, say), fails the pipeline with
 * that error instead of letting it escape as an uncaught exception.
 */
export class ListenerGuard extends Transform {
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

  /**
   * A chunk goes down the chain inside this stage's `'data'` emission (the pipe to the next stage
   * writes it there), whenever it happens: at once, or later from a buffer. A throw there fails the
   * stage, and so the pipeline.
   */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'data') return super.emit(event, ...args);
    try {
      return super.emit(event, ...args);
    } catch (error) {
      this.destroy(error as Error);
      return false;
    }
  }

  override _flush(callback: TransformCallback): void {
    this.#settle(false);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    // Composed, a destroyed guard fails the pipeline as any stage does.
    this.#settle(true);
    callback(error);
  }
}
