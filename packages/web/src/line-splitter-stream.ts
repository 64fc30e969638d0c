import {
  LINE_SPLITTER_OPTIONS,
  type LineBatch,
  LineSplitterCore,
  type LineSplitterOptions,
  type LineSplitterStats,
  type LineUnit,
} from '@pipeguard/line-splitter/core';
import { type Emit, validateOptionsObject } from '@pipeguard/shared/core';
import { webBytePositions } from './byte-positions';
import { type ChunkCore, StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export type {
  LineBatch,
  LineSplitterOptions,
  LineSplitterStats,
  LineTerminator,
  LineUnit,
} from '@pipeguard/line-splitter/core';

/**
 * The per-unit mode over the core's batched mode: each batch's units are built in one tight loop and then
 * enqueued, where the core's own per-unit mode enqueues each unit as it builds it; the units are the same
 * (bytes, terminator, offset) and so are the stats. CPU per pass, in memory: 0.6-0.8 of the per-unit core's
 * (bench/results/2026-12-07b-web-fast.md).
 */
class UnitsFromBatches implements ChunkCore<Uint8Array, LineUnit, LineSplitterStats> {
  readonly #core: LineSplitterCore;

  constructor(core: LineSplitterCore) {
    this.#core = core;
  }

  get stats(): LineSplitterStats {
    return this.#core.stats;
  }

  write(chunk: Uint8Array, emit: Emit<LineUnit>): void {
    this.#core.write(chunk, (batch) => emitUnits(batch as LineBatch, emit));
  }

  end(emit: Emit<LineUnit>): void {
    this.#core.end((batch) => emitUnits(batch as LineBatch, emit));
  }
}

function emitUnits(batch: LineBatch, emit: Emit<LineUnit>): void {
  for (const unit of batch.units) emit(unit);
}

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
    const perUnit = options?.batched === undefined || options.batched === false;
    // The core always batches; any other value goes to it, to fail its check in the Node stage's order.
    const core = new LineSplitterCore({
      maxUnitBytes: options?.maxUnitBytes,
      batched: perUnit ? true : options?.batched,
      startOffset: options?.startOffset,
      byteOps: webByteOps,
      bytePositions: webBytePositions,
      // Batches find their units' ends when read: a decoder reads only their bytes and count.
      deferBounds: !perUnit,
    });
    super(perUnit ? new UnitsFromBatches(core) : core);
  }
}
