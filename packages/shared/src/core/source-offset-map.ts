import { SOURCE_OFFSET_LOOKBACK_BYTES, type SourceOffsets } from './source-offsets';

/** Output bytes that earn one entry: the map's steady-state grain. */
export const SOURCE_OFFSET_GRAIN_BYTES = 16;
/** Entries a map may open beyond one per grain, so that a burst of short stretches stays exact. */
const BURST_ENTRIES = 1024;
const CREDIT_CAP = BURST_ENTRIES * SOURCE_OFFSET_GRAIN_BYTES;
/** Entries whose stretches can start within the look-back, given the credit rule (see `record`). */
const CAPACITY = Math.ceil(SOURCE_OFFSET_LOOKBACK_BYTES / SOURCE_OFFSET_GRAIN_BYTES) + BURST_ENTRIES + 2;
const INITIAL_SLOTS = 64;

/**
 * Where each stretch of a stage's output came from in its input, for at least the last
 * {@link SOURCE_OFFSET_LOOKBACK_BYTES} of output. A stretch is either exact (output byte `o` is input byte
 * `inputStart + o - outputStart`: bytes that passed) or not (every byte maps to `inputStart`: a rendered
 * line, a placeholder, a notice).
 *
 * Memory is bounded: opening an entry costs {@link SOURCE_OFFSET_GRAIN_BYTES} of credit and each output byte
 * earns one, up to a burst of 1024 entries, so at most `LOOKBACK / 16 + 1026` entries (17 bytes each) exist.
 * While credit lasts, every stretch is exact; a stretch recorded without credit (it starts less than 16 bytes
 * after the last entry) joins that entry, which then maps to its own input start: an offset at or before the
 * true one when inputs only grow.
 *
 * Edges: `sourceOffsetOf(o)` is `null` for anything but a safe integer in `[0, emitted]`, and for an `o`
 * before the oldest kept entry. `o === emitted` (one past the output) answers only after an exact stretch
 * (the input offset after the bytes it copied) or before any output (`0`): it is where the next copied
 * byte would come from.
 */
export class SourceOffsetMap implements SourceOffsets {
  #outputStarts = new Float64Array(INITIAL_SLOTS);
  #inputStarts = new Float64Array(INITIAL_SLOTS);
  #exact = new Uint8Array(INITIAL_SLOTS);
  #first = 0;
  #count = 0;
  #emitted = 0;
  #credit = CREDIT_CAP;

  /** Output bytes recorded so far. */
  get emitted(): number {
    return this.#emitted;
  }

  /** Entries held right now (at most `LOOKBACK / 16 + 1026`). */
  get entries(): number {
    return this.#count;
  }

  /**
   * Records the next `length` output bytes as coming from input offset `inputStart`: one for one when
   * `exact`, else all from that offset. A stretch that continues the last one (exact and contiguous, or
   * inexact from the same offset) costs nothing.
   */
  record(length: number, inputStart: number, exact: boolean): void {
    if (length === 0) return;
    const output = this.#emitted;
    this.#emitted += length;
    const credit = this.#credit;
    this.#credit = Math.min(CREDIT_CAP, credit + length);
    if (this.#count > 0) {
      const last = this.#slot(this.#count - 1);
      const lastInput = this.#inputStarts[last] as number;
      const continues =
        this.#exact[last] === 1
          ? exact && lastInput + output - (this.#outputStarts[last] as number) === inputStart
          : !exact && lastInput === inputStart;
      if (continues) return;
      // Without credit the last entry started less than a grain ago (each output byte earned one byte).
      if (credit < SOURCE_OFFSET_GRAIN_BYTES) {
        this.#exact[last] = 0;
        return;
      }
    }
    this.#credit -= SOURCE_OFFSET_GRAIN_BYTES;
    this.#evict();
    if (this.#count === this.#outputStarts.length) this.#grow();
    const slot = this.#slot(this.#count);
    this.#outputStarts[slot] = output;
    this.#inputStarts[slot] = inputStart;
    this.#exact[slot] = exact ? 1 : 0;
    this.#count++;
  }

  /** See {@link SourceOffsets.sourceOffsetOf}, and the edges in the class summary. */
  sourceOffsetOf(outputOffset: number): number | null {
    if (!Number.isSafeInteger(outputOffset) || outputOffset < 0 || outputOffset > this.#emitted) return null;
    if (this.#count === 0) return outputOffset === 0 ? 0 : null;
    if (outputOffset < (this.#outputStarts[this.#first] as number)) return null;
    let low = 0;
    let high = this.#count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#outputStarts[this.#slot(middle)] as number) <= outputOffset) low = middle;
      else high = middle - 1;
    }
    const slot = this.#slot(low);
    const inputStart = this.#inputStarts[slot] as number;
    if (this.#exact[slot] === 1) return inputStart + outputOffset - (this.#outputStarts[slot] as number);
    return outputOffset === this.#emitted ? null : inputStart;
  }

  #slot(index: number): number {
    return (this.#first + index) % this.#outputStarts.length;
  }

  /** Drops entries whose successor starts more than the look-back behind the output's end. */
  #evict(): void {
    const horizon = this.#emitted - SOURCE_OFFSET_LOOKBACK_BYTES;
    // The credit rule keeps the count below CAPACITY; dropping the oldest there is only a backstop.
    while (
      this.#count > 1 &&
      ((this.#outputStarts[this.#slot(1)] as number) <= horizon || this.#count >= CAPACITY)
    ) {
      this.#first = this.#slot(1);
      this.#count--;
    }
  }

  /** Doubles the ring (up to CAPACITY), its entries in order from slot 0. */
  #grow(): void {
    const size = Math.min(CAPACITY, this.#outputStarts.length * 2);
    const outputStarts = new Float64Array(size);
    const inputStarts = new Float64Array(size);
    const exact = new Uint8Array(size);
    for (let index = 0; index < this.#count; index++) {
      const slot = this.#slot(index);
      outputStarts[index] = this.#outputStarts[slot] as number;
      inputStarts[index] = this.#inputStarts[slot] as number;
      exact[index] = this.#exact[slot] as number;
    }
    this.#outputStarts = outputStarts;
    this.#inputStarts = inputStarts;
    this.#exact = exact;
    this.#first = 0;
  }
}
