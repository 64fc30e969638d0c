import type { ByteOps } from './byte-ops';
import { concatBytes } from './owned-bytes';
import { SourceOffsetMap } from './source-offset-map';
import type { Emit } from './stage-core';

/**
 * A stage core's output for one write, with where each piece came from: pieces are gathered, their
 * source offsets recorded, then handed on together by {@link MappedOutput.flush}. Shared by the cores
 * that rewrite their input (the folder, the redactor), so their output and offset map stay in step.
 */
export class MappedOutput {
  readonly offsets = new SourceOffsetMap();
  readonly #ops: ByteOps;
  #pieces: Uint8Array[] = [];
  #length = 0;

  constructor(ops: ByteOps) {
    this.#ops = ops;
  }

  /** Appends `piece`; it came from input offset `inputStart` on (byte for byte when `exact`). */
  add(piece: Uint8Array, inputStart: number, exact: boolean): void {
    this.#pieces.push(piece);
    this.#length += piece.length;
    this.offsets.record(piece.length, inputStart, exact);
  }

  /**
   * Hands on what was gathered: one piece as it is; several joined into one when they total at most
   * `maxJoinBytes` (a copy is cheaper than many small chunks downstream), else one by one.
   */
  flush(emit: Emit<Uint8Array>, maxJoinBytes = Number.POSITIVE_INFINITY): void {
    const pieces = this.#pieces;
    if (pieces.length === 0) return;
    const length = this.#length;
    this.#pieces = [];
    this.#length = 0;
    if (pieces.length === 1) emit(pieces[0] as Uint8Array);
    else if (length <= maxJoinBytes) emit(concatBytes(this.#ops, pieces, length));
    else for (const piece of pieces) emit(piece);
  }
}
