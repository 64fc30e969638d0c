import {
  monotonicMs,
  type TransformCallback,
  validateFunction,
  validateInteger,
  validateOptionsObject,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';

/** What a progress report carries. */
export interface ByteCounterProgress {
  /** Raw bytes that have passed so far. */
  bytes: number;
  /** Chunks that have passed so far. */
  chunks: number;
  /** Milliseconds since the counter was created. */
  elapsedMs: number;
  /** Average throughput since the counter was created. */
  bytesPerSecond: number;
  /** Whether this is the last report, sent when the input ends. */
  done: boolean;
}

const KNOWN_OPTIONS = ['progressIntervalBytes', 'progressIntervalMs', 'onProgress'] as const;

/** Options of {@link ByteCounter}; an unknown key is a `TypeError`. */
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

/** A snapshot of what a {@link ByteCounter} has counted. */
export interface ByteCounterStats {
  bytes: number;
  chunks: number;
}

/**
 * A pass-through stage that forwards every chunk unchanged (the same Buffer objects) and counts
 * the raw bytes and chunks that pass, with optional throttled progress reports.
 */
export class ByteCounter extends Transform {
  #bytes = 0;
  #chunks = 0;
  readonly #startedAt = monotonicMs();
  readonly #intervalBytes: number | null;
  readonly #intervalMs: number | null;
  readonly #onProgress: ((progress: ByteCounterProgress) => void) | undefined;
  /** Whether any trigger is set: without one, no progress is reported at all. */
  readonly #reporting: boolean;
  #lastReportBytes = 0;
  #lastReportAt = this.#startedAt;

  /**
   * @throws TypeError when `options` has an unknown key or an option has the wrong type.
   * @throws RangeError when an interval is negative, fractional or NaN.
   */
  constructor(options?: ByteCounterOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    // Only a missing interval takes the default: an explicit `null` turns the time trigger off.
    const {
      onProgress,
      progressIntervalBytes = null,
      progressIntervalMs = onProgress ? 250 : null,
    } = options ?? {};
    if (onProgress !== undefined) validateFunction('onProgress', onProgress);
    validateInteger('progressIntervalBytes', progressIntervalBytes, { nullable: true });
    validateInteger('progressIntervalMs', progressIntervalMs, { nullable: true });
    super();
    this.#intervalBytes = progressIntervalBytes;
    this.#intervalMs = progressIntervalMs;
    this.#onProgress = onProgress;
    this.#reporting = progressIntervalBytes !== null || progressIntervalMs !== null;
  }

  /** Raw bytes that have passed. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Non-empty chunks that have passed. */
  get chunks(): number {
    return this.#chunks;
  }

  /** A fresh snapshot of the counts. */
  get stats(): ByteCounterStats {
    return { bytes: this.#bytes, chunks: this.#chunks };
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytes += chunk.length;
    if (chunk.length > 0) this.#chunks++;
    if (this.#reporting) {
      // A throwing progress callback fails the stream instead of escaping from _transform.
      try {
        this.#reportIfDue();
      } catch (error) {
        callback(error as Error);
        return;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (this.#reporting) this.#report(monotonicMs(), true);
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback();
  }

  #reportIfDue(): void {
    const now = monotonicMs();
    const byBytes =
      this.#intervalBytes !== null && this.#bytes - this.#lastReportBytes >= this.#intervalBytes;
    const byTime = this.#intervalMs !== null && now - this.#lastReportAt >= this.#intervalMs;
    if (byBytes || byTime) this.#report(now, false);
  }

  #report(now: number, done: boolean): void {
    this.#lastReportBytes = this.#bytes;
    this.#lastReportAt = now;
    const elapsedMs = now - this.#startedAt;
    const bytesPerSecond = elapsedMs > 0 ? (this.#bytes * 1000) / elapsedMs : 0;
    const progress = { bytes: this.#bytes, chunks: this.#chunks, elapsedMs, bytesPerSecond, done };
    this.#onProgress?.(progress);
    this.emit('progress', progress);
  }
}
