import {
  endThroughCore,
  nodeByteOps,
  type TransformCallback,
  validateOptionsObject,
  writeThroughCore,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import {
  LINE_SPLITTER_OPTIONS,
  LineSplitterCore,
  type LineSplitterOptions,
  type LineSplitterStats,
} from './line-splitter-core';
import type { LineBatch, LineUnit } from './line-unit';

export type { LineSplitterOptions, LineSplitterStats } from './line-splitter-core';

/**
 * A Transform from bytes to line units: LF, CRLF and a bare CR each end a unit, and a unit with no
 * terminator is cut at `maxUnitBytes`, so memory stays bounded by `maxUnitBytes` plus one chunk.
 * Units share memory with the input chunks (what it holds between writes is its own copy). A thin
 * shell over `LineSplitterCore` (`./core`), whose units are Buffers here.
 */
export class LineSplitter extends Transform {
  readonly #core: LineSplitterCore;
  // Driven with nodeByteOps, the core's units and batches hold Buffers (views of chunks, or its own joins).
  readonly #push = (item: LineUnit | LineBatch): void => {
    this.push(item as LineUnit<Buffer> | LineBatch<Buffer>);
  };

  /**
   * @param options - See {@link LineSplitterOptions}.
   * @throws TypeError when `options` is not an object, has an unknown key, or an option has the wrong type.
   * @throws RangeError when `maxUnitBytes` is not a safe integer ≥ 4 or `startOffset` is negative or fractional.
   */
  constructor(options?: LineSplitterOptions) {
    validateOptionsObject(options, LINE_SPLITTER_OPTIONS);
    const core = new LineSplitterCore({
      maxUnitBytes: options?.maxUnitBytes,
      batched: options?.batched,
      startOffset: options?.startOffset,
      byteOps: nodeByteOps,
      // Chunks here are Buffers: their own indexOf is memchr, called without the indirection.
      chunkIndexOf: true,
    });
    super({ readableObjectMode: true });
    this.#core = core;
  }

  /** A snapshot of the counters. */
  get stats(): LineSplitterStats {
    return this.#core.stats;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    writeThroughCore(this.#core, chunk, this.#push, callback);
  }

  override _flush(callback: TransformCallback): void {
    endThroughCore(this.#core, this.#push, callback);
  }
}
