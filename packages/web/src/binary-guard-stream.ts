import {
  BINARY_GUARD_OPTIONS,
  BinaryGuardCore,
  type BinaryGuardOptions,
  type BinaryGuardStats,
} from '@pipeguard/binary-guard/core';
import { type SourceOffsets, validateOptionsObject } from '@pipeguard/shared/core';
import { StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export type {
  BinaryGuardEncoding,
  BinaryGuardOptions,
  BinaryGuardSegment,
  BinaryGuardStats,
  BinaryGuardVerdictCounts,
  BinaryGuardWithheldRun,
} from '@pipeguard/binary-guard/core';

/**
 * A `TransformStream` of bytes that passes text unchanged (UTF-8, legacy codepages, UTF-16 with a BOM) and
 * withholds binary, one short placeholder in each withheld run's place: the Node `BinaryGuard` for Web
 * Streams over the same core. Text passes as views of the written chunks, one `Uint8Array` per chunk;
 * `stats` has what the Node stage's getters give (`placeholder`, `withheld`, `encoding`, `segments`…).
 */
export class BinaryGuardStream extends StageStream<Uint8Array, BinaryGuardStats> implements SourceOffsets {
  readonly #core: BinaryGuardCore;

  /**
   * @param options - See `BinaryGuardOptions`: `label` (default `'stdout'`), `guardWindowBytes` (default
   * 65536), `command`, `emitPlaceholder` (default true).
   * @throws TypeError when an option has the wrong type or is not a known option.
   * @throws RangeError when `guardWindowBytes` is below 1024 or not a safe integer, or `label` is empty.
   */
  constructor(options?: BinaryGuardOptions) {
    // The core also knows `byteOps`: the stream takes only the stage's options.
    validateOptionsObject(options, BINARY_GUARD_OPTIONS);
    const core = new BinaryGuardCore({ ...(options ?? {}), byteOps: webByteOps });
    super(core);
    this.#core = core;
  }

  /**
   * The input offset that the output byte at `outputOffset` came from (a placeholder's bytes: the start of
   * its run); `null` for older or unknown offsets. As the Node stage's.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }
}
