import {
  LINE_SPLITTER_OPTIONS,
  type LineBatch,
  LineSplitterCore,
  type LineSplitterOptions,
  type LineSplitterStats,
  type LineUnit,
} from '@pipeguard/line-splitter/core';
import { validateOptionsObject } from '@pipeguard/shared/core';
import { StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export type {
  LineBatch,
  LineSplitterOptions,
  LineSplitterStats,
  LineTerminator,
  LineUnit,
} from '@pipeguard/line-splitter/core';

/**
 * A `TransformStream` from bytes to line units, the Node `LineSplitter` for Web Streams over the same core:
 * LF, CRLF and a bare CR each end a `LineUnit` (`{ bytes, terminator, offset }`), a unit with no terminator
 * is cut at `maxUnitBytes`, and with `batched: true` each written chunk gives one `LineBatch` (two when a
 * unit began in an earlier chunk) instead of one chunk per unit: the mode for speed on short lines.
 * Units are views of the written chunks (or of the core's own joins).
 */
export class LineSplitterStream extends StageStream<LineUnit | LineBatch, LineSplitterStats> {
  /**
   * @param options - See `LineSplitterOptions`: `maxUnitBytes` (default 32768), `batched` (default
   * false), `startOffset` (default 0).
   * @throws TypeError when `options` is not an object, has an unknown key, or an option has the wrong type.
   * @throws RangeError when `maxUnitBytes` is not a safe integer ≥ 4 or `startOffset` is negative or fractional.
   */
  constructor(options?: LineSplitterOptions) {
    validateOptionsObject(options, LINE_SPLITTER_OPTIONS);
    super(
      new LineSplitterCore({
        maxUnitBytes: options?.maxUnitBytes,
        batched: options?.batched,
        startOffset: options?.startOffset,
        byteOps: webByteOps,
      }),
    );
  }
}
