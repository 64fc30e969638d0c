import type { SourceOffsets } from '@pipeguard/shared/core';

const LF = 0x0a;

/** Maps an offset in a stage's output to the raw stream's offset, or `null` when it cannot. */
export type OffsetMap = (offset: number) => number | null;

/**
 * Composes the maps of the stages between the spill tap and the sink, nearest the sink first, into
 * one map from the sink's input to the raw stream; `raw()` says whether the bytes the first of them
 * receives are still raw ones (a UTF-16 stream transcoded to UTF-8 is not, so nothing maps).
 */
export function composeSourceOffsets(
  stages: readonly (SourceOffsets | null)[],
  raw: () => boolean,
): OffsetMap {
  const maps = stages.filter((stage) => stage !== null);
  return (offset) => {
    if (!raw()) return null;
    let mapped: number | null = offset;
    for (const stage of maps) {
      mapped = stage.sourceOffsetOf(mapped);
      if (mapped === null) return null;
    }
    return mapped;
  };
}

/**
 * Remembers where each line of a stream's first `horizon` bytes began in the raw stream, while the
 * stages can still tell (they answer only for their last MiB): the sink asks where its kept head ends
 * only once the stream has ended. Entries are stored only where the raw offset stops following the
 * output one for one, so an unrendered head costs one entry.
 */
export class HeadLineOffsets {
  readonly #map: OffsetMap;
  readonly #horizon: number;
  readonly #outputs: number[] = [];
  readonly #sources: (number | null)[] = [];
  #seen = 0;
  #lineStart = true;

  /** Remembers the lines of the first `horizon` bytes the sink reads, as {@link record} is given them. */
  constructor(map: OffsetMap, horizon: number) {
    this.#map = map;
    this.#horizon = horizon;
  }

  /** Whether the horizon is still ahead: until then every chunk the sink reads goes to {@link record}. */
  get watching(): boolean {
    return this.#seen < this.#horizon;
  }

  /**
   * The raw offset where the line starting at sink offset `lineStart` began (a rendered line: the raw
   * line it was drawn from); `null` past the horizon or where the stages could not map.
   */
  sourceLineStartOf(lineStart: number): number | null {
    if (lineStart >= this.#seen || lineStart >= this.#horizon) return null;
    let low = 0;
    let high = this.#outputs.length - 1;
    if (high < 0) return null;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#outputs[middle] as number) <= lineStart) low = middle;
      else high = middle - 1;
    }
    const source = this.#sources[low] as number | null;
    return source === null ? null : source + lineStart - (this.#outputs[low] as number);
  }

  /** Takes the next chunk the sink reads (in order, each once), while the stages can still map it. */
  record(chunk: Uint8Array): void {
    const base = this.#seen;
    const end = Math.min(chunk.length, this.#horizon - base);
    // `#lineStart` says whether the byte at `at` begins a line.
    let at = 0;
    while (at < end) {
      if (this.#lineStart) this.#remember(base + at);
      const lf = chunk.indexOf(LF, at);
      this.#lineStart = lf !== -1;
      if (lf === -1 || lf >= end) break;
      at = lf + 1;
    }
    this.#seen += chunk.length;
  }

  #remember(lineStart: number): void {
    const source = this.#map(lineStart);
    const last = this.#outputs.length - 1;
    if (last >= 0) {
      const previous = this.#sources[last] as number | null;
      const follows =
        previous === null
          ? source === null
          : source === previous + lineStart - (this.#outputs[last] as number);
      if (follows) return;
    }
    this.#outputs.push(lineStart);
    this.#sources.push(source);
  }
}
