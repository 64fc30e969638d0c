/** Bytes kept of a line at most (its end): enough for any prompt, bounded whatever the command prints. */
export const MAX_PROMPT_LINE_BYTES = 4096;

const LF = 0x0a;

/** The last `MAX_PROMPT_LINE_BYTES` of `bytes`, copied (the caller may reuse its buffer). */
function keptTail(bytes: Uint8Array): Uint8Array {
  return bytes.slice(Math.max(0, bytes.length - MAX_PROMPT_LINE_BYTES));
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  if (head.length === 0) return keptTail(tail);
  if (tail.length >= MAX_PROMPT_LINE_BYTES) return keptTail(tail);
  const keep = Math.min(head.length, MAX_PROMPT_LINE_BYTES - tail.length);
  const out = new Uint8Array(keep + tail.length);
  out.set(head.subarray(head.length - keep));
  out.set(tail, keep);
  return out;
}

/**
 * Follows one output stream's last line, for the prompt of an input wait: the bytes after the last
 * line feed (the partial line a prompt is) and the last complete line (for a prompt that ends its line).
 * Bounded: each keeps its last {@link MAX_PROMPT_LINE_BYTES} bytes.
 */
export class PromptLine {
  #partial: Uint8Array = new Uint8Array(0);
  #lastComplete: Uint8Array = new Uint8Array(0);

  /** Takes the stream's next bytes. */
  add(chunk: Uint8Array): void {
    const lastFeed = chunk.lastIndexOf(LF);
    if (lastFeed < 0) {
      this.#partial = joined(this.#partial, chunk);
      return;
    }
    // A negative start would search from the end of the chunk again.
    const previousFeed = lastFeed === 0 ? -1 : chunk.lastIndexOf(LF, lastFeed - 1);
    this.#lastComplete =
      previousFeed < 0
        ? joined(this.#partial, chunk.subarray(0, lastFeed))
        : keptTail(chunk.subarray(previousFeed + 1, lastFeed));
    this.#partial = keptTail(chunk.subarray(lastFeed + 1));
  }

  /**
   * Ends the partial line, as an answer typed at a terminal does on screen (echoed with its Enter); what
   * pipeguard writes is not echoed, so the next prompt would otherwise run on from the last.
   */
  endLine(): void {
    if (this.#partial.length === 0) return;
    this.#lastComplete = this.#partial;
    this.#partial = new Uint8Array(0);
  }

  /** The bytes after the last line feed (empty when the output ended with one). */
  get partial(): Uint8Array {
    return this.#partial;
  }

  /** The last line that ended with a line feed, without it (empty before the first). */
  get lastComplete(): Uint8Array {
    return this.#lastComplete;
  }
}
