import { SOURCE_OFFSET_LOOKBACK_BYTES } from '@pipeguard/shared';

/**
 * Where a folder's output bytes came from: stretches that copy input one for one, and notices that
 * stand for the run of lines they replace. Keeps the stretches of the last
 * {@link SOURCE_OFFSET_LOOKBACK_BYTES} of output and the one before them.
 */
export class OutputOffsets {
  // Flat triples (output start, input start, 1 for a notice / 0 for a copy), oldest first from #first.
  #stretches: number[] = [0, 0, 0];
  #first = 0;
  #outputBytes = 0;

  /** Records that the output from `outputBytes` on copies the input from `inputOffset` on. */
  copyFrom(outputBytes: number, inputOffset: number): void {
    this.#add(outputBytes, inputOffset, 0);
  }

  /** Records that the output from `outputBytes` on is a notice for the lines starting at `inputOffset`. */
  noticeFor(outputBytes: number, inputOffset: number): void {
    this.#add(outputBytes, inputOffset, 1);
  }

  /** Advances the output's length, dropping stretches that end before the lookback. */
  grow(outputBytes: number): void {
    this.#outputBytes = outputBytes;
    const horizon = outputBytes - SOURCE_OFFSET_LOOKBACK_BYTES;
    while (
      this.#first + 3 < this.#stretches.length &&
      (this.#stretches[this.#first + 3] as number) <= horizon
    ) {
      this.#first += 3;
    }
    if (this.#first > 3000 && this.#first * 2 > this.#stretches.length) {
      this.#stretches = this.#stretches.slice(this.#first);
      this.#first = 0;
    }
  }

  /** The input offset the output byte at `outputOffset` came from; `null` when out of range or too old. */
  sourceOffsetOf(outputOffset: number): number | null {
    if (!Number.isSafeInteger(outputOffset) || outputOffset < 0 || outputOffset > this.#outputBytes)
      return null;
    const stretches = this.#stretches;
    if (outputOffset < (stretches[this.#first] as number)) return null;
    let low = this.#first / 3;
    let high = stretches.length / 3 - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((stretches[middle * 3] as number) <= outputOffset) low = middle;
      else high = middle - 1;
    }
    const [start, input, notice] = [
      stretches[low * 3],
      stretches[low * 3 + 1],
      stretches[low * 3 + 2],
    ] as number[];
    return notice === 1 ? (input as number) : (input as number) + outputOffset - (start as number);
  }

  #add(outputBytes: number, inputOffset: number, notice: number): void {
    const last = this.#stretches.length - 3;
    // A stretch that would start where the previous one does replaces it: that one emitted nothing.
    if (this.#stretches[last] === outputBytes) this.#stretches.length = last;
    this.#stretches.push(outputBytes, inputOffset, notice);
  }
}
