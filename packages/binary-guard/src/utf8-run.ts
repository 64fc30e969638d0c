import { type ByteOps, concatBytes } from '@pipeguard/shared/core';
import { type RunStep, SEAM_MIN_BYTES, scanRun } from './scan-run';

const EMPTY = new Uint8Array(0);

/**
 * The strict-UTF-8 run the stream is in, extended chunk by chunk: what is decided passes, and the last
 * bytes it cannot decide yet (a character the chunk's end cuts, the control-byte look-back before it: a
 * few hundred bytes at most, contiguous) are carried to the next chunk.
 */
export class Utf8Run {
  readonly #ops: ByteOps;
  #carried: Uint8Array = EMPTY;

  constructor(ops: ByteOps) {
    this.#ops = ops;
  }

  /** The bytes carried: the run's undecided end, which follows every byte passed. */
  get carried(): Uint8Array {
    return this.#carried;
  }

  /** Carries `bytes` (a copy of the carried bytes, or nothing once a window opens). */
  carry(bytes: Uint8Array): void {
    this.#carried = bytes;
  }

  /**
   * Extends the run with `next`, the stream's next bytes; `decided` is the stream offset of the first
   * carried byte. The step's `pass` counts from that byte. A small chunk is joined to the carried bytes,
   * once: what stays undecided is then a view of the join. A large one is scanned beside them, and its
   * step decides every carried byte.
   */
  extend(next: Uint8Array, final: boolean, decided: number): RunStep {
    const joined =
      next.length < SEAM_MIN_BYTES && this.#carried.length > 0
        ? concatBytes(this.#ops, [this.#carried, next])
        : null;
    const carried = joined ? EMPTY : this.#carried;
    const fresh = joined ?? next;
    const step = scanRun(carried, fresh, final, decided, this.#ops);
    const undecided = step.window ? 0 : carried.length + fresh.length - step.pass;
    this.#carried = undecided === 0 ? EMPTY : fresh.subarray(fresh.length - undecided);
    return step;
  }
}
