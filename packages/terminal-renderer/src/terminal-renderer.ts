import {
  endThroughCore,
  nodeByteOps,
  OVERLAPPED_WRITABLE_HIGH_WATER_MARK,
  type SourceOffsets,
  type TransformCallback,
  transformInMicrotask,
} from '@pipeguard/shared';
import { SourceOffsetMap } from '@pipeguard/shared/core';
import { Transform } from 'readable-stream';
import type { TerminalRendererOptions, TerminalRendererStats } from './options';
import { TerminalRendererCore } from './terminal-renderer-core';

/**
 * A Transform from a program's terminal output to the text a terminal would show once it has finished
 * drawing: carriage-return and cursor-up redraws, erases, scroll regions and the rest of the VT subset
 * programs use are applied, colours and every other escape sequence are removed, and text that was never
 * drawn over passes byte for byte (legacy encodings included). Memory is bounded by the screen
 * (`maxLiveLines` rows of at most `maxRowBytes`) plus one chunk, and the 128 KiB writable buffer.
 */
export class TerminalRenderer extends Transform implements SourceOffsets {
  readonly #core: TerminalRendererCore;
  /** The chunk being rendered: output that is a view of it is copied (see #push). */
  #chunk: Buffer | null = null;
  #bytesIn = 0;
  readonly #push = (piece: Uint8Array): void => {
    const chunk = this.#chunk;
    // The writer may refill its chunk once called back: a piece of it that would wait in the readable buffer
    // goes on as a copy. One the consumer takes at once is handed on as it is, as a PassThrough hands on its
    // chunk. The core's own memory is never written again once handed on.
    const copy =
      chunk !== null &&
      piece.buffer === chunk.buffer &&
      piece.byteOffset < chunk.byteOffset + chunk.byteLength &&
      chunk.byteOffset < piece.byteOffset + piece.byteLength &&
      !this.#takenAtOnce();
    this.push(copy ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
  };
  readonly #render = (chunk: Buffer): void => {
    this.#chunk = chunk;
    try {
      this.#core.write(chunk, this.#push);
    } finally {
      this.#chunk = null;
    }
  };

  /**
   * @param options - See {@link TerminalRendererOptions}.
   * @throws TypeError when `options` is not an object, has an unknown key, or an option is of the wrong type.
   * @throws RangeError when `cols` or `maxLiveLines` is not a safe integer ≥ 1, or `maxRowBytes` not one ≥ 4.
   */
  constructor(options?: TerminalRendererOptions) {
    const core = new TerminalRendererCore(options, nodeByteOps, new SourceOffsetMap());
    super({ writableHighWaterMark: OVERLAPPED_WRITABLE_HIGH_WATER_MARK });
    this.#core = core;
  }

  /**
   * Whether a push now is emitted as 'data' at once rather than buffered: the condition readable-stream's
   * addChunk tests (flowing, nothing buffered, not inside a read, a data listener). Its state is internal;
   * without it, a piece is taken to wait (and copied).
   */
  #takenAtOnce(): boolean {
    const state = (
      this as unknown as { _readableState?: { flowing: boolean | null; length: number; sync: boolean } }
    )._readableState;
    return (
      state !== undefined &&
      state.flowing === true &&
      state.length === 0 &&
      state.sync === false &&
      this.listenerCount('data') > 0
    );
  }

  /** A snapshot of the counters (`bytesIn` counts a chunk when it is written, the rest once it is rendered). */
  get stats(): TerminalRendererStats {
    return { ...this.#core.stats, bytesIn: this.#bytesIn };
  }

  /**
   * The input offset of the start of the input line that the output byte at `outputOffset` came from,
   * or its exact input offset where text passed one for one; `null` for an offset not emitted yet or more
   * than `SOURCE_OFFSET_LOOKBACK_BYTES` (1 MiB) behind the latest output.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytesIn += chunk.length;
    // Rendered a microtask later, so that a file source's next read runs meanwhile (see transformInMicrotask).
    transformInMicrotask(this, chunk, callback, this.#render);
  }

  override _flush(callback: TransformCallback): void {
    endThroughCore(this.#core, this.#push, callback);
  }
}
