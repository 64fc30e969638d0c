import {
  endThroughCore,
  nodeByteOps,
  type SourceOffsets,
  type TransformCallback,
  toBuffer,
  validateOptionsObject,
  writeThroughCore,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { REPEAT_FOLDER_OPTIONS, RepeatFolderCore, type RepeatFolderStats } from './repeat-folder-core';

export type { RepeatFolderStats } from './repeat-folder-core';

/** Options of {@link RepeatFolder}; an unknown key is a `TypeError`. */
export interface RepeatFolderOptions {
  /**
   * Longest line (with its line feed) that is compared and folded; a longer line always passes, so
   * memory stays within one line of this size.
   * @defaultValue `4096` (bytes)
   */
  maxFoldLineBytes?: number;
}

/**
 * A Transform that keeps a run of identical consecutive lines once, followed by
 * `[previous line repeated N more times]`: exact across chunks and at the end, whatever the chunking.
 * Lines end at a line feed and compare byte for byte (a CRLF line equals only CRLF lines). A thin
 * shell over `RepeatFolderCore` (`./core`).
 */
export class RepeatFolder extends Transform implements SourceOffsets {
  readonly #core: RepeatFolderCore;
  readonly #push = (bytes: Uint8Array): void => {
    this.push(toBuffer(bytes));
  };

  /**
   * @throws TypeError when `maxFoldLineBytes` is not a number or an option is unknown.
   * @throws RangeError when `maxFoldLineBytes` is not a safe integer ≥ 1.
   */
  constructor(options?: RepeatFolderOptions) {
    validateOptionsObject(options, REPEAT_FOLDER_OPTIONS);
    const core = new RepeatFolderCore({ maxFoldLineBytes: options?.maxFoldLineBytes, byteOps: nodeByteOps });
    super();
    this.#core = core;
  }

  /** A fresh snapshot of the counts. */
  get stats(): RepeatFolderStats {
    return this.#core.stats;
  }

  /**
   * The input offset of the line the output byte at `outputOffset` came from: the exact input offset
   * for copied bytes, the first folded line's start for a notice's bytes; `null` for an offset not yet
   * emitted or more than `SOURCE_OFFSET_LOOKBACK_BYTES` (1 MiB) behind the latest output.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    writeThroughCore(this.#core, chunk, this.#push, callback);
  }

  override _flush(callback: TransformCallback): void {
    endThroughCore(this.#core, this.#push, callback);
  }
}
