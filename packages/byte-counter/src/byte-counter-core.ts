import {
  type Emit,
  type StageCore,
  validateFunction,
  validateInteger,
  validateOptionsObject,
  writeAfterEndError,
} from '@pipeguard/shared/core';

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

/** A snapshot of what a `ByteCounter` has counted. */
export interface ByteCounterStats {
  bytes: number;
  chunks: number;
}

/** The options a byte counter takes (its Node stage's `ByteCounterOptions`). */
export const BYTE_COUNTER_OPTIONS = ['progressIntervalBytes', 'progressIntervalMs', 'onProgress'] as const;
const CORE_OPTIONS = [...BYTE_COUNTER_OPTIONS, 'now', 'report'] as const;

/** Options of `ByteCounterCore`: the stage's options plus the runtime's clock and report sink. */
export interface ByteCounterCoreOptions {
  /**
   * Report once at least this many bytes passed since the previous report; `null`: no byte trigger.
   * @defaultValue `null`
   */
  progressIntervalBytes?: number | null;
  /**
   * Report once at least this many milliseconds passed since the previous report (checked as chunks
   * arrive); `null`: no time trigger.
   * @defaultValue `250` when `onProgress` is given, else `null`
   */
  progressIntervalMs?: number | null;
  /**
   * Receives each report; a throw escapes from `write`/`end`.
   * @defaultValue `undefined`
   */
  onProgress?: (progress: ByteCounterProgress) => void;
  /**
   * Milliseconds on a monotonic clock.
   * @defaultValue `performance.now`
   */
  now?: () => number;
  /**
   * Receives every report after `onProgress` (a shell's `'progress'` event); a throw escapes as well.
   * @defaultValue `undefined`
   */
  report?: (progress: ByteCounterProgress) => void;
}

/**
 * The counter's logic without a runtime: `write` hands every chunk on unchanged (the same object) and
 * counts its bytes; progress reports go to `onProgress`, then to `report`.
 */
export class ByteCounterCore implements StageCore<Uint8Array, ByteCounterStats> {
  #ended = false;
  #bytes = 0;
  #chunks = 0;
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #intervalBytes: number | null;
  readonly #intervalMs: number | null;
  readonly #onProgress: ((progress: ByteCounterProgress) => void) | undefined;
  readonly #report: ((progress: ByteCounterProgress) => void) | undefined;
  /** Whether any trigger is set: without one, no progress is reported at all. */
  readonly #reporting: boolean;
  #lastReportBytes = 0;
  #lastReportAt: number;

  /**
   * @throws TypeError when `options` has an unknown key or an option has the wrong type.
   * @throws RangeError when an interval is negative, fractional or NaN.
   */
  constructor(options?: ByteCounterCoreOptions) {
    validateOptionsObject(options, CORE_OPTIONS);
    // Only a missing interval takes the default: an explicit `null` turns the time trigger off.
    const {
      onProgress,
      progressIntervalBytes: intervalBytes = null,
      progressIntervalMs: intervalMs = onProgress ? 250 : null,
      now = () => performance.now(),
      report,
    } = options ?? {};
    if (onProgress !== undefined) validateFunction('onProgress', onProgress);
    validateInteger('progressIntervalBytes', intervalBytes, { nullable: true });
    validateInteger('progressIntervalMs', intervalMs, { nullable: true });
    validateFunction('now', now);
    if (report !== undefined) validateFunction('report', report);
    this.#now = now;
    this.#report = report;
    this.#startedAt = now();
    this.#lastReportAt = this.#startedAt;
    this.#intervalBytes = intervalBytes;
    this.#intervalMs = intervalMs;
    this.#onProgress = onProgress;
    this.#reporting = intervalBytes !== null || intervalMs !== null;
  }

  /** A fresh snapshot of the counts. */
  get stats(): ByteCounterStats {
    return { bytes: this.#bytes, chunks: this.#chunks };
  }

  /** Counts `bytes`, reports when due, then emits `bytes` itself. */
  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw writeAfterEndError('ByteCounterCore');
    this.#bytes += bytes.length;
    if (bytes.length > 0) this.#chunks++;
    if (this.#reporting) this.#reportIfDue();
    emit(bytes);
  }

  /** Sends the last report (`done: true`) when a trigger is set. */
  end(_emit?: Emit<Uint8Array>): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#reporting) this.#send(this.#now(), true);
  }

  #reportIfDue(): void {
    const now = this.#now();
    const byBytes =
      this.#intervalBytes !== null && this.#bytes - this.#lastReportBytes >= this.#intervalBytes;
    const byTime = this.#intervalMs !== null && now - this.#lastReportAt >= this.#intervalMs;
    if (byBytes || byTime) this.#send(now, false);
  }

  #send(now: number, done: boolean): void {
    this.#lastReportBytes = this.#bytes;
    this.#lastReportAt = now;
    const elapsedMs = now - this.#startedAt;
    const bytesPerSecond = elapsedMs > 0 ? (this.#bytes * 1000) / elapsedMs : 0;
    const progress = { bytes: this.#bytes, chunks: this.#chunks, elapsedMs, bytesPerSecond, done };
    this.#onProgress?.(progress);
    this.#report?.(progress);
  }
}
