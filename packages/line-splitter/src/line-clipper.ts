import {
  nodeByteOps,
  type TransformCallback,
  validateOptionsObject,
  writeThroughCore,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import {
  type ClippedLineUnit as CoreClippedLineUnit,
  LINE_CLIPPER_OPTIONS,
  LineClipperCore,
  type LineClipperOptions,
  type LineClipperStats,
} from './line-clipper-core';
import type { LineBatch, LineUnit } from './line-unit';

export type { LineClipperOptions, LineClipperStats } from './line-clipper-core';

/** A unit as `LineClipper` emits it: a clipped one carries its `clip`, and its bytes (a Buffer) end with the marker. */
export type ClippedLineUnit = CoreClippedLineUnit<Buffer>;

/**
 * Caps each `LineSplitter` unit at `maxLineBytes` content bytes and appends a marker naming the omitted
 * bytes by stream offset, e.g. `…[+3000 bytes omitted, starting at byte offset 2000 up to and including
 * byte offset 4999]`. Takes `LineUnit`s or `LineBatch`es in object mode; a unit leaves as a unit, a
 * batch as the same batch or, when it holds a clipped unit, as sub-batches around that clipped unit.
 * A thin shell over `LineClipperCore` (`./core`).
 */
export class LineClipper extends Transform {
  readonly #core: LineClipperCore;
  // Driven with nodeByteOps, a clipped unit's bytes are a Buffer; other units and batches pass as written.
  readonly #push = (item: LineUnit | LineBatch): void => {
    this.push(item);
  };

  /**
   * @throws {TypeError} When `options` or one of its fields has the wrong type, or a key is unknown.
   * @throws {RangeError} When `maxLineBytes` is below 1 or `maxClipRecords` below 0, or either is fractional.
   */
  constructor(options?: LineClipperOptions) {
    validateOptionsObject(options, LINE_CLIPPER_OPTIONS);
    const core = new LineClipperCore({
      maxLineBytes: options?.maxLineBytes,
      maxClipRecords: options?.maxClipRecords,
      byteOps: nodeByteOps,
    });
    super({ objectMode: true });
    this.#core = core;
  }

  /** A fresh snapshot of the counters. */
  get stats(): LineClipperStats {
    return this.#core.stats;
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    writeThroughCore(this.#core, chunk as LineUnit | LineBatch, this.#push, callback);
  }
}
