import { SOURCE_OFFSET_LOOKBACK_BYTES } from '@pipeguard/shared';

/** A stretch of output that starts at `output` and came from input offset `input`. */
interface Stretch {
  output: number;
  input: number;
  /** Passed bytes map one for one; a placeholder's bytes all map to the start of what it stands for. */
  oneForOne: boolean;
}

/**
 * Maps the guard's output offsets back to its input: passed bytes one for one, a placeholder to the
 * start of the run it replaces. Keeps the stretches of the last {@link SOURCE_OFFSET_LOOKBACK_BYTES}
 * of output only, so its memory is bounded however long the stream.
 */
export class OutputOffsets {
  #stretches: Stretch[] = [];
  #outputBytes = 0;

  /** Records `bytes` of output that came one for one from input offset `input` on. */
  addPassed(input: number, bytes: number): void {
    const last = this.#stretches.at(-1);
    const continues = last?.oneForOne && last.input + (this.#outputBytes - last.output) === input;
    if (!continues) this.#open({ output: this.#outputBytes, input, oneForOne: true });
    this.#outputBytes += bytes;
  }

  /** Records `bytes` of placeholder output standing for the run that starts at input offset `input`. */
  addPlaceholder(input: number, bytes: number): void {
    this.#open({ output: this.#outputBytes, input, oneForOne: false });
    this.#outputBytes += bytes;
  }

  /** The input offset of the output byte at `outputOffset`, or `null` when it is out of reach. */
  sourceOffsetOf(outputOffset: number): number | null {
    if (!Number.isSafeInteger(outputOffset) || outputOffset < 0 || outputOffset > this.#outputBytes)
      return null;
    for (let index = this.#stretches.length - 1; index >= 0; index--) {
      const stretch = this.#stretches[index]!;
      if (stretch.output > outputOffset) continue;
      return stretch.oneForOne ? stretch.input + (outputOffset - stretch.output) : stretch.input;
    }
    return outputOffset === 0 && this.#stretches.length === 0 ? 0 : null;
  }

  #open(stretch: Stretch): void {
    this.#stretches.push(stretch);
    // A stretch is dropped once the one after it starts more than the look-back behind the output's end.
    const oldest = this.#outputBytes - SOURCE_OFFSET_LOOKBACK_BYTES;
    while (this.#stretches.length > 1 && this.#stretches[1]!.output <= oldest) this.#stretches.shift();
  }
}
