import {
  REPEAT_FOLDER_OPTIONS,
  RepeatFolderCore,
  type RepeatFolderCoreOptions,
  type RepeatFolderStats,
} from '@pipeguard/repeat-folder/core';
import { type SourceOffsets, validateOptionsObject } from '@pipeguard/shared/core';
import { webBytePositions } from './byte-positions';
import { StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export type { RepeatFolderStats } from '@pipeguard/repeat-folder/core';

/** Options of {@link RepeatFolderStream}, those of the Node `RepeatFolder` (`maxFoldLineBytes`); an unknown key is a `TypeError`. */
export type RepeatFolderStreamOptions = Pick<RepeatFolderCoreOptions, 'maxFoldLineBytes'>;

/**
 * A `TransformStream` of bytes that keeps a run of identical consecutive lines once, followed by
 * `[previous line repeated N more times]`: the Node `RepeatFolder` for Web Streams over the same core,
 * at most one `Uint8Array` per written chunk.
 */
export class RepeatFolderStream extends StageStream<Uint8Array, RepeatFolderStats> implements SourceOffsets {
  readonly #core: RepeatFolderCore;

  /**
   * @param options - See {@link RepeatFolderStreamOptions}.
   * @throws TypeError when `maxFoldLineBytes` is not a number or an option is unknown.
   * @throws RangeError when `maxFoldLineBytes` is not a safe integer ≥ 1.
   */
  constructor(options?: RepeatFolderStreamOptions) {
    validateOptionsObject(options, REPEAT_FOLDER_OPTIONS);
    const core = new RepeatFolderCore({
      maxFoldLineBytes: options?.maxFoldLineBytes,
      byteOps: webByteOps,
      bytePositions: webBytePositions,
    });
    super(core);
    this.#core = core;
  }

  /**
   * The input offset of the line the output byte at `outputOffset` came from (exact for copied bytes,
   * the first folded line's start for a notice's); `null` for an offset not emitted yet or more than 1 MiB
   * behind the latest output. As the Node stage's.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }
}
