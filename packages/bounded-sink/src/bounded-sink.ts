import {
  validateInteger,
  validateOneOf,
  validateOptionsObject,
  validateString,
  type WriteCallback,
} from '@pipeguard/shared';
import { Writable } from 'readable-stream';
import { ByteWindow } from './byte-window';
import { BoundedSinkError } from './errors';
import { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from './keep-mode';
import { type BoundedSinkResult, composeResult } from './sink-result';

/** Options of {@link BoundedSink}; unknown keys are ignored. */
export interface BoundedSinkOptions {
  /**
   * Most bytes kept; everything after is read, counted and discarded. `null` keeps everything.
   * @defaultValue `1048576` (1 MiB)
   */
  maxBytes?: number | null;
  /**
   * `'head'` keeps the first `maxBytes`, `'tail'` the last, `'both'` the first `ceil(maxBytes / 2)`
   * and the last `floor(maxBytes / 2)`.
   * @defaultValue `'head'`
   */
  keep?: KeepMode;
  /**
   * Names the stream in the truncation marker.
   * @defaultValue `'stdout'`
   */
  label?: string;
}

/** Running counts of a {@link BoundedSink}. */
export interface BoundedSinkStats {
  totalBytes: number;
  /**
   * Bytes the sink holds in memory right now; at most `maxBytes` plus one chunk. Once finished,
   * the length of the result's `bytes`, all it keeps.
   */
  retainedBytes: number;
}

/**
 * A Writable that keeps at most `maxBytes` of what is written (head, tail or both), keeps reading
 * and discarding the rest so the writer never blocks, and marks the cut with exact counts.
 */
export class BoundedSink extends Writable {
  readonly #maxBytes: number | null;
  readonly #keep: KeepMode;
  readonly #label: string;
  readonly #headLimit: number;
  readonly #head: Buffer[] = [];
  #headLength = 0;
  readonly #tail: ByteWindow;
  #totalBytes = 0;
  #final: BoundedSinkResult | undefined;
  readonly #done: Promise<BoundedSinkResult>;
  #settle!: { resolve: (result: BoundedSinkResult) => void; reject: (error: Error) => void };

  /**
   * @throws TypeError when `maxBytes` is not a number or null, `keep` is not a string, or `label` is not a string.
   * @throws RangeError when `maxBytes` is negative, fractional or NaN, or `keep` is not a known mode.
   */
  constructor(options?: BoundedSinkOptions) {
    validateOptionsObject(options);
    const { maxBytes = DEFAULT_MAX_BYTES, keep = 'head', label = 'stdout' } = options ?? {};
    validateInteger('maxBytes', maxBytes, { nullable: true });
    validateOneOf('keep', keep, KEEP_MODES);
    validateString('label', label);
    super();
    this.#maxBytes = maxBytes;
    this.#keep = keep;
    this.#label = label;
    const limit = maxBytes ?? Number.POSITIVE_INFINITY;
    this.#headLimit = keep === 'head' ? limit : keep === 'tail' ? 0 : Math.ceil(limit / 2);
    this.#tail = new ByteWindow(maxBytes === null ? 0 : maxBytes - this.#headLimit);
    this.#done = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    // Awaiting `done` is optional: a sink destroyed early must not report an unhandled rejection.
    this.#done.catch(() => {});
  }

  /** Resolves with the result when the stream finishes; rejects when it is destroyed first. */
  get done(): Promise<BoundedSinkResult> {
    return this.#done;
  }

  /** The result for what has been written so far (final once the stream finished). */
  get result(): BoundedSinkResult {
    return this.#final ?? this.#composeResult();
  }

  /** A fresh snapshot of the running counts. */
  get stats(): BoundedSinkStats {
    const retainedBytes = this.#final ? this.#final.bytes.length : this.#headLength + this.#tail.heldBytes;
    return { totalBytes: this.#totalBytes, retainedBytes };
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: WriteCallback): void {
    this.#totalBytes += chunk.length;
    let rest = chunk;
    if (this.#headLength < this.#headLimit) {
      const take = Math.min(rest.length, this.#headLimit - this.#headLength);
      // Copy a partial head chunk so the bytes discarded after it are not kept alive with it.
      this.#head.push(take === rest.length ? rest : Buffer.from(rest.subarray(0, take)));
      this.#headLength += take;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) this.#tail.append(rest);
    callback();
  }

  override _final(callback: WriteCallback): void {
    this.#final = this.#composeResult();
    // The result holds its own copy: the written chunks need not stay alive as long as the sink.
    this.#head.length = 0;
    this.#tail.clear();
    this.#settle.resolve(this.#final);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    if (!this.#final) {
      this.#settle.reject(
        error ??
          new BoundedSinkError(
            'ERR_BOUNDED_SINK_CLOSED',
            `The ${this.#label} sink was destroyed before it finished`,
          ),
      );
    }
    callback(error);
  }

  #composeResult(): BoundedSinkResult {
    // One copy of everything kept, head then tail: the result's bytes are that copy (or a view of it)
    // unless cutting between characters drops bytes from its middle.
    return composeResult({
      kept: Buffer.concat([...this.#head, ...this.#tail.views()]),
      headLength: this.#headLength,
      totalBytes: this.#totalBytes,
      maxBytes: this.#maxBytes,
      keep: this.#keep,
      label: this.#label,
    });
  }
}
