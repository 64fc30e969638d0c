import {
  endThroughCore,
  monotonicMs,
  type TransformCallback,
  validateOptionsObject,
  writeThroughCore,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import {
  BYTE_COUNTER_OPTIONS,
  ByteCounterCore,
  type ByteCounterProgress,
  type ByteCounterStats,
} from './byte-counter-core';

export type { ByteCounterProgress, ByteCounterStats } from './byte-counter-core';

/** Options of `ByteCounter`; an unknown key is a `TypeError`. */
export interface ByteCounterOptions {
  /**
   * Report progress once at least this many bytes passed since the previous report; `null` turns
   * the byte trigger off.
   * @defaultValue `null`
   */
  progressIntervalBytes?: number | null;
  /**
   * Report progress once at least this many milliseconds passed since the previous report
   * (checked as chunks arrive: a stalled stream reports nothing); `null` turns the time trigger off.
   * @defaultValue `250` when `onProgress` is given, else `null`
   */
  progressIntervalMs?: number | null;
  /**
   * Called with each progress report, as is every `'progress'` event listener; a throw fails the stream.
   * @defaultValue `undefined` (reports go to `'progress'` listeners only)
   */
  onProgress?: (progress: ByteCounterProgress) => void;
}

/**
 * A pass-through stage that forwards every chunk unchanged (the same Buffer objects) and counts
 * the raw bytes and chunks that pass, with optional throttled progress reports. A thin shell over
 * `ByteCounterCore` (`./core`).
 */
export class ByteCounter extends Transform {
  readonly #core: ByteCounterCore;
  readonly #push = (chunk: Uint8Array): void => {
    this.push(chunk);
  };

  /**
   * @throws TypeError when `options` has an unknown key or an option has the wrong type.
   * @throws RangeError when an interval is negative, fractional or NaN.
   */
  constructor(options?: ByteCounterOptions) {
    validateOptionsObject(options, BYTE_COUNTER_OPTIONS);
    const core = new ByteCounterCore({
      progressIntervalBytes: options?.progressIntervalBytes,
      progressIntervalMs: options?.progressIntervalMs,
      onProgress: options?.onProgress,
      now: monotonicMs,
      report: (progress) => this?.emit('progress', progress),
    });
    super();
    this.#core = core;
  }

  /** Raw bytes that have passed. */
  get bytes(): number {
    return this.#core.stats.bytes;
  }

  /** Non-empty chunks that have passed. */
  get chunks(): number {
    return this.#core.stats.chunks;
  }

  /** A fresh snapshot of the counts. */
  get stats(): ByteCounterStats {
    return this.#core.stats;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    writeThroughCore(this.#core, chunk, this.#push, callback);
  }

  override _flush(callback: TransformCallback): void {
    endThroughCore(this.#core, this.#push, callback);
  }
}
