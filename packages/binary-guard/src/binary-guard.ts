import {
  nodeByteOps,
  OVERLAPPED_WRITABLE_HIGH_WATER_MARK,
  type SourceOffsets,
  type TransformCallback,
  toBuffer,
  transformInMicrotask,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { BinaryGuardCore } from './binary-guard-core';
import { type BinaryGuardOptions, resolveOptions } from './options';
import type { BinaryGuardSegment, BinaryGuardVerdictCounts } from './segment-log';
import type { BinaryGuardEncoding, BinaryGuardStats } from './stats';

/**
 * A byte stream stage that passes text unchanged (UTF-8, legacy codepages, UTF-16 with a BOM) and
 * withholds binary: each binary run is only counted, one short placeholder takes its place, and text
 * passes again from the first clean window after it (or a clean last line at the end of the input).
 * A thin shell over `BinaryGuardCore` (`./core`), which copies what it holds: a writer may reuse a chunk once
 * its write is called back.
 */
export class BinaryGuard extends Transform implements SourceOffsets {
  readonly #core: BinaryGuardCore;
  readonly #push = (bytes: Uint8Array): void => {
    this.push(toBuffer(bytes));
  };
  readonly #examineChunk = (chunk: Buffer): void => {
    const error = this.#attempt(() => this.#core.write(chunk, this.#push));
    if (error) throw error;
  };

  /**
   * @param options - label, window size and command for the placeholder; see {@link BinaryGuardOptions}.
   * @throws TypeError when an option has the wrong type or is not a known option.
   * @throws RangeError when `guardWindowBytes` is below 1024 or not a safe integer, or `label` is empty.
   */
  constructor(options?: BinaryGuardOptions) {
    const { label, guardWindowBytes, command, emitPlaceholder } = resolveOptions(options);
    const core = new BinaryGuardCore({
      label,
      guardWindowBytes,
      ...(command === null ? {} : { command }),
      emitPlaceholder,
      byteOps: nodeByteOps,
    });
    super({ writableHighWaterMark: OVERLAPPED_WRITABLE_HIGH_WATER_MARK });
    this.#core = core;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // Examined a microtask later, so that a file source's next read runs meanwhile (see transformInMicrotask).
    transformInMicrotask(this, chunk, callback, this.#examineChunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.#attempt(() => this.#core.end(this.#push)));
  }

  /**
   * Runs `step`, returning what it threw as an `Error`: a consumer's 'data' listener runs inside our
   * pushes, and its throw belongs on this stream. A falsy one would read as success and lose bytes.
   */
  #attempt(step: () => void): Error | null {
    try {
      step();
      return null;
    } catch (error) {
      return error instanceof Error
        ? error
        : new Error(`A 'data' listener or the guard threw ${String(error)}`);
    }
  }

  /**
   * The input offset that the output byte at `outputOffset` came from: passed bytes map one for one,
   * a placeholder's bytes to the start of the run it stands for. Answers within the last
   * `SOURCE_OFFSET_LOOKBACK_BYTES` of output; `null` for older or unknown offsets.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }

  /**
   * One text for every withheld run so far (the single run's placeholder, or a summary of several),
   * or `null`: for a consumer that set `emitPlaceholder: false`.
   */
  get placeholder(): string | null {
    return this.#core.placeholder;
  }

  /** Whether any binary was met (withheld so far, or being withheld). */
  get withheld(): boolean {
    return this.#core.withheld;
  }

  /** Raw input bytes withheld for good so far. */
  get withheldBytes(): number {
    return this.#core.withheldBytes;
  }

  /** Raw input bytes passed through so far (placeholders not included). */
  get passedBytes(): number {
    return this.#core.passedBytes;
  }

  /** How the passed text is encoded; a UTF-16 stream reports it before its first byte is pushed. */
  get encoding(): BinaryGuardEncoding {
    return this.#core.encoding;
  }

  /** How many segments got each verdict. */
  get verdicts(): BinaryGuardVerdictCounts {
    return this.#core.verdicts;
  }

  /** Copies of the first 32 segments, in stream order. */
  get segments(): BinaryGuardSegment[] {
    return this.#core.segments;
  }

  /** A fresh snapshot of every counter. */
  get stats(): BinaryGuardStats {
    return this.#core.stats;
  }
}
