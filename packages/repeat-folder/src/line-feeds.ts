import type { ByteOps } from '@pipeguard/shared/core';

const LF = 0x0a;
const NONE = new Int32Array(0);

/**
 * A bulk byte search a shell may give the core (the web shell's WebAssembly one; the line splitter's
 * `BytePositions`): every position of `a` or `b` in `bytes[from, from + windowBytes)`, ascending, as a
 * view valid until its next call.
 */
export interface BytePositions {
  readonly windowBytes: number;
  find(bytes: Uint8Array, from: number, a: number, b: number): Int32Array;
}

/** Where a folder is in a chunk, for {@link LineFeeds.skipDistinct}. */
export interface LineRun {
  /** Where the next line starts. */
  position: number;
  /** Where the line before it starts (-1: not a range of the chunk). */
  previousAt: number;
  /** Bytes of the line before it, line feed included. */
  previousLength: number;
  /** The next line's line feed when known; -1: none is left; -2: not searched. */
  found: number;
}

/**
 * The line feeds of one written chunk, asked for in ascending order: from a bulk search a window at a
 * time when the shell gave one, else a search each.
 */
export class LineFeeds {
  readonly #ops: ByteOps;
  readonly #positions: BytePositions | undefined;
  #bytes: Uint8Array = new Uint8Array(0);
  #found: Int32Array = NONE;
  #index = 0;
  #searchedTo = 0;

  constructor(ops: ByteOps, positions: BytePositions | undefined) {
    this.#ops = ops;
    this.#positions = positions;
  }

  /** Starts on the next chunk. */
  start(bytes: Uint8Array): void {
    this.#bytes = bytes;
    this.#found = NONE;
    this.#index = 0;
    this.#searchedTo = 0;
  }

  /**
   * Passes over the lines from `run.position` on while each differs in length from the one before it (it
   * cannot repeat it): stops at a line as long as the one before (`run.found`, its line feed, for the caller
   * to compare), after a line longer than `maxFoldLineBytes` (never compared: `previousAt` -1, `found` -2), or
   * where no line feed is left (`found` -1). With a bulk search, one loop over its positions.
   */
  skipDistinct(run: LineRun, maxFoldLineBytes: number): void {
    let { position, previousAt, previousLength } = run;
    let found = -2;
    const positions = this.#positions;
    if (positions === undefined) {
      for (;;) {
        found = this.#ops.indexOf(this.#bytes, LF, position);
        const length = found + 1 - position;
        if (found === -1 || length === previousLength) break;
        previousAt = length <= maxFoldLineBytes ? position : -1;
        previousLength = length;
        position = found + 1;
        if (previousAt < 0) {
          found = -2;
          break;
        }
      }
    } else {
      for (;;) {
        const ends = this.#found;
        let index = this.#index;
        for (; index < ends.length; index++) {
          const at = ends[index] as number;
          if (at < position) continue;
          const length = at + 1 - position;
          if (length === previousLength) {
            found = at;
            break;
          }
          previousAt = length <= maxFoldLineBytes ? position : -1;
          previousLength = length;
          position = at + 1;
          if (previousAt < 0) break;
        }
        this.#index = index;
        if (index < ends.length) break;
        if (this.#searchedTo >= this.#bytes.length) {
          found = -1;
          break;
        }
        this.#search(positions, position);
      }
    }
    run.position = position;
    run.previousAt = previousAt;
    run.previousLength = previousLength;
    run.found = found;
  }

  /** The first line feed at or after `from` (never less than the `from` of the call before), or -1. */
  next(from: number): number {
    const positions = this.#positions;
    const bytes = this.#bytes;
    if (positions === undefined) return this.#ops.indexOf(bytes, LF, from);
    for (;;) {
      const found = this.#found;
      let index = this.#index;
      while (index < found.length && (found[index] as number) < from) index++;
      this.#index = index;
      if (index < found.length) return found[index] as number;
      if (this.#searchedTo >= bytes.length) return -1;
      this.#search(positions, from);
    }
  }

  /** The next window's line feeds, from `from` on if that is further. */
  #search(positions: BytePositions, from: number): void {
    const windowFrom = Math.max(this.#searchedTo, from);
    this.#found = positions.find(this.#bytes, windowFrom, LF, LF);
    this.#index = 0;
    this.#searchedTo = windowFrom + positions.windowBytes;
  }
}
