import { nodeByteOps, validateOptionsObject, type WriteCallback } from '@pipeguard/shared';
import { Writable } from 'readable-stream';
import { BoundedSinkCore, type BoundedSinkStats } from './bounded-sink-core';
import { BoundedSinkError } from './errors';
import type { MatchExcerpt as CoreMatchExcerpt } from './excerpt';
import { BOUNDED_SINK_OPTIONS, type BoundedSinkOptions } from './sink-options';
import type { BoundedSinkResult as CoreBoundedSinkResult } from './sink-result';

export type { BoundedSinkStats } from './bounded-sink-core';
export type { BoundedSinkOptions } from './sink-options';

/** What a `BoundedSink` kept of its stream, and how much it dropped; its bytes are Buffers. */
export type BoundedSinkResult = CoreBoundedSinkResult<Buffer>;

/** A line a `BoundedSink` kept from the omitted part: a matching line or one of its context lines. */
export type MatchExcerpt = CoreMatchExcerpt<Buffer>;

/**
 * A Writable that keeps at most `maxBytes` of what is written (head, tail or both), keeps reading
 * and discarding the rest so the writer never blocks, and marks the cut with exact counts. A thin
 * shell over `BoundedSinkCore` (`./core`), which copies what it keeps: a writer may reuse a chunk once
 * its write is called back.
 */
export class BoundedSink extends Writable {
  readonly #label: string;
  readonly #core: BoundedSinkCore;
  readonly #done: Promise<BoundedSinkResult>;
  #settle!: { resolve: (result: BoundedSinkResult) => void; reject: (error: Error) => void };
  #finished = false;

  /**
   * @throws TypeError when an option has the wrong type, `keepMatches` holds something other than
   * strings and RegExps, or an option is unknown.
   * @throws RangeError when `maxBytes`, `context`, `contextBefore` or `maxMatchLineBytes` is negative or
   * fractional, `maxMatchLineBytes` is 0, `matchShare` is not strictly between 0 and 1, a pattern is
   * empty or holds a line feed, or `keep`/`cutAt` is not a known mode.
   */
  constructor(options?: BoundedSinkOptions) {
    validateOptionsObject(options, BOUNDED_SINK_OPTIONS);
    // Driven with nodeByteOps, every array the core hands out is a Buffer.
    const core = new BoundedSinkCore({
      maxBytes: options?.maxBytes,
      keep: options?.keep,
      label: options?.label,
      keepMatches: options?.keepMatches,
      context: options?.context,
      contextBefore: options?.contextBefore,
      matchShare: options?.matchShare,
      maxMatchLineBytes: options?.maxMatchLineBytes,
      cutAt: options?.cutAt,
      sourceOffsetOf: options?.sourceOffsetOf,
      byteOps: nodeByteOps,
    });
    super();
    this.#label = options?.label ?? 'stdout';
    this.#core = core;
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
    return this.#core.result as BoundedSinkResult;
  }

  /** A fresh snapshot of the running counts. */
  get stats(): BoundedSinkStats {
    return this.#core.stats;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: WriteCallback): void {
    this.#core.write(chunk);
    callback();
  }

  // Writes queued while the sink was corked come as one batch: the core copies only what it keeps of it.
  override _writev(chunks: { chunk: Buffer }[], callback: WriteCallback): void {
    this.#core.writeAll(chunks.map(({ chunk }) => chunk));
    callback();
  }

  override _final(callback: WriteCallback): void {
    this.#core.end((result) => {
      this.#finished = true;
      this.#settle.resolve(result as BoundedSinkResult);
    });
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    if (!this.#finished) {
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
}
