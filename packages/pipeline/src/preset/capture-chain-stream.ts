import {
  OVERLAPPED_WRITABLE_HIGH_WATER_MARK,
  transformInMicrotask,
  type WriteCallback,
} from '@pipeguard/shared';
import { Writable } from 'readable-stream';
import type { CaptureChain } from './capture-chain';
import type { CaptureResult, SpillFacts } from './capture-result';

/**
 * Node's shell of a {@link CaptureChain}: a Writable that sends each chunk through the chain and, at the
 * end, has it compose the capture. A core's error fails the stream (and so the `pipeline` it is in).
 */
export class CaptureChainStream extends Writable {
  readonly #chain: CaptureChain;
  readonly #spill: () => SpillFacts | null;
  readonly #handOn: (() => void | Promise<void>) | null;
  #result: CaptureResult | null = null;

  /**
   * @param spill - Called at the end: what the spill file before this stream holds, or `null`.
   * @param handOn - Called after each chunk and at the end (e.g. to hand settled text on); the stream
   *   waits for a promise it returns, so a slow taker holds the source back.
   */
  constructor(
    chain: CaptureChain,
    spill: () => SpillFacts | null,
    handOn: (() => void | Promise<void>) | null = null,
  ) {
    super({ highWaterMark: OVERLAPPED_WRITABLE_HIGH_WATER_MARK });
    this.#chain = chain;
    this.#spill = spill;
    this.#handOn = handOn;
  }

  /** The capture, once the stream has finished. */
  get result(): CaptureResult {
    if (this.#result === null) throw new Error('The capture chain has not finished');
    return this.#result;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: WriteCallback): void {
    // Worked on a microtask later, so that a file source's next read runs meanwhile (see transformInMicrotask).
    // Without a taker to hand on to, no closure per chunk.
    const done: WriteCallback =
      this.#handOn === null ? callback : (error) => (error ? callback(error) : this.#handOnThen(callback));
    transformInMicrotask(this, chunk, done, this.#writeChunk);
  }

  override _final(callback: WriteCallback): void {
    try {
      this.#result = this.#chain.finish(this.#spill());
    } catch (error) {
      callback(error as Error);
      return;
    }
    this.#handOnThen(callback);
  }

  #handOnThen(callback: WriteCallback): void {
    let taken: void | Promise<void>;
    try {
      taken = this.#handOn?.();
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (typeof taken?.then === 'function') taken.then(() => callback(), callback);
    else callback();
  }

  readonly #writeChunk = (chunk: Buffer): void => this.#chain.write(chunk);
}
