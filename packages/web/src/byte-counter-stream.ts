import {
  BYTE_COUNTER_OPTIONS,
  ByteCounterCore,
  type ByteCounterCoreOptions,
  type ByteCounterStats,
} from '@pipeguard/byte-counter/core';
import { validateOptionsObject } from '@pipeguard/shared/core';
import { StageStream } from './stage-stream';

export type { ByteCounterProgress, ByteCounterStats } from '@pipeguard/byte-counter/core';

/**
 * Options of {@link ByteCounterStream}, those of the Node `ByteCounter` (`progressIntervalBytes`,
 * `progressIntervalMs`, `onProgress`; an unknown key is a `TypeError`). A throw in `onProgress` errors the stream.
 */
export type ByteCounterStreamOptions = Pick<
  ByteCounterCoreOptions,
  'progressIntervalBytes' | 'progressIntervalMs' | 'onProgress'
>;

/**
 * A `TransformStream` that passes every chunk on unchanged (the same `Uint8Array` objects) and counts the
 * bytes and chunks that pass, with optional throttled progress reports: the Node `ByteCounter` for Web
 * Streams, over the same core. There are no `'progress'` events: reports go to `onProgress`.
 */
export class ByteCounterStream extends StageStream<Uint8Array, ByteCounterStats> {
  readonly #core: ByteCounterCore;

  /**
   * @param options - See {@link ByteCounterStreamOptions}.
   * @throws TypeError when `options` has an unknown key or an option has the wrong type.
   * @throws RangeError when an interval is negative, fractional or NaN.
   */
  constructor(options?: ByteCounterStreamOptions) {
    validateOptionsObject(options, BYTE_COUNTER_OPTIONS);
    const core = new ByteCounterCore({
      progressIntervalBytes: options?.progressIntervalBytes,
      progressIntervalMs: options?.progressIntervalMs,
      onProgress: options?.onProgress,
    });
    super(core);
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
}
