import { SOURCE_OFFSET_LOOKBACK_BYTES } from '@pipeguard/shared';

/** Output bytes a new segment must lie past the previous one's start to get an entry of its own. */
const GRAIN_BYTES = 16;
const CAPACITY = Math.ceil(SOURCE_OFFSET_LOOKBACK_BYTES / GRAIN_BYTES) + 2;

/**
 * Where each stretch of a stage's output came from in its input, for the last
 * {@link SOURCE_OFFSET_LOOKBACK_BYTES} of output, in a ring of fixed size: a stretch is either exact
 * (output byte `o` is input byte `inputStart + o - outputStart`) or a rendered line (every byte maps to
 * the input offset its line began at). Lines shorter than 16 bytes share an entry with the line before
 * them, which then maps to the earlier line's start: an offset at or before the true one.
 */
export class SourceOffsetMap {
  readonly #outputStarts = new Float64Array(CAPACITY);
  readonly #inputStarts = new Float64Array(CAPACITY);
  readonly #exact = new Uint8Array(CAPACITY);
  #first = 0;
  #count = 0;
  #emitted = 0;

  /** Output bytes recorded so far. */
  get emitted(): number {
    return this.#emitted;
  }

  /** Records the next `length` output bytes as coming from `inputStart` (exactly, or as a line). */
  record(length: number, inputStart: number, exact: boolean): void {
    if (length === 0) return;
    const output = this.#emitted;
    this.#emitted += length;
    if (this.#count > 0) {
      const last = (this.#first + this.#count - 1) % CAPACITY;
      const lastOutput = this.#outputStarts[last] as number;
      const lastInput = this.#inputStarts[last] as number;
      const continues =
        this.#exact[last] === 1
          ? exact && lastInput + output - lastOutput === inputStart
          : !exact && lastInput === inputStart;
      if (continues) return;
      if (output - lastOutput < GRAIN_BYTES) {
        this.#exact[last] = 0;
        return;
      }
    }
    this.#evict();
    const slot = (this.#first + this.#count) % CAPACITY;
    this.#outputStarts[slot] = output;
    this.#inputStarts[slot] = inputStart;
    this.#exact[slot] = exact ? 1 : 0;
    this.#count++;
  }

  /** See {@link SourceOffsets.sourceOffsetOf}. */
  sourceOffsetOf(outputOffset: number): number | null {
    if (!Number.isSafeInteger(outputOffset) || outputOffset < 0 || outputOffset >= this.#emitted) return null;
    let low = 0;
    let high = this.#count - 1;
    if (high < 0 || outputOffset < (this.#outputStarts[this.#first] as number)) return null;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#outputStarts[(this.#first + middle) % CAPACITY] as number) <= outputOffset) low = middle;
      else high = middle - 1;
    }
    const slot = (this.#first + low) % CAPACITY;
    const inputStart = this.#inputStarts[slot] as number;
    return this.#exact[slot] === 1
      ? inputStart + outputOffset - (this.#outputStarts[slot] as number)
      : inputStart;
  }

  /** Drops entries whose successor starts more than the look-back behind the latest output, and makes room. */
  #evict(): void {
    const horizon = this.#emitted - SOURCE_OFFSET_LOOKBACK_BYTES;
    while (this.#count > 1) {
      const next = (this.#first + 1) % CAPACITY;
      if (this.#count < CAPACITY && (this.#outputStarts[next] as number) > horizon) break;
      this.#first = next;
      this.#count--;
    }
  }
}
