import {
  type ByteOps,
  concatBytes,
  copyBytes,
  type Emit,
  MappedOutput,
  type SourceOffsets,
  type StageCore,
  validateByteOps,
  validateInteger,
  validateOptionsObject,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import { type BytePositions, LineFeeds, type LineRun } from './line-feeds';

const ENCODER = new TextEncoder();

/** Whether `line` (which ends with its line feed) begins with `start` (which has none): it may repeat. */
function startsWith(ops: ByteOps, line: Uint8Array, start: Uint8Array): boolean {
  return start.length < line.length && ops.equals(start, line.subarray(0, start.length));
}

/** The options a repeat folder takes (its Node stage's `RepeatFolderOptions`). */
export const REPEAT_FOLDER_OPTIONS = ['maxFoldLineBytes'] as const;
const CORE_OPTIONS = [...REPEAT_FOLDER_OPTIONS, 'byteOps', 'bytePositions'] as const;

/** Options of `RepeatFolderCore`. */
export interface RepeatFolderCoreOptions {
  /**
   * Longest line (with its line feed) that is compared and folded; a longer line always passes.
   * @defaultValue `4096` (bytes)
   */
  maxFoldLineBytes?: number;
  /** The byte scans and allocation to use: `nodeByteOps` in Node, `portableByteOps` anywhere. */
  byteOps: ByteOps;
  /**
   * A bulk search for the line feeds, a window of a chunk in one call, instead of a search per line: the
   * web shell's WebAssembly one. Same answers.
   * @defaultValue undefined (a search per line)
   */
  bytePositions?: BytePositions;
}

/** A snapshot of what a repeat folder has done. */
export interface RepeatFolderStats {
  /** Bytes written to the folder. */
  inputBytes: number;
  /** Bytes it emitted: `inputBytes - foldedBytes + noticeBytes`. */
  outputBytes: number;
  /** Input bytes removed: the repeated lines that notices stand for. */
  foldedBytes: number;
  /** Repeated lines removed. */
  foldedLines: number;
  /** Bytes of the `[previous line repeated N more times]` lines it added. */
  noticeBytes: number;
}

/**
 * The line a folder puts after a folded run: `[previous line repeated N more times]` and a line feed, a
 * count of one singular (`1 more time`), as every count pipeguard writes.
 */
export function formatRepeatNotice(repeats: number): string {
  return `[previous line repeated ${repeats} more ${repeats === 1 ? 'time' : 'times'}]\n`;
}

/**
 * The folder's logic without a runtime: keeps a run of identical consecutive lines once, then the
 * notice. Each `write` emits at most one array: a view of the written bytes when they pass as they
 * are, else a fresh join. Holds one line of at most `maxFoldLineBytes`, always a copy of its own.
 */
export class RepeatFolderCore implements StageCore<Uint8Array, RepeatFolderStats>, SourceOffsets {
  #ended = false;
  readonly #maxFoldLineBytes: number;
  readonly #ops: ByteOps;
  readonly #lineFeeds: LineFeeds;
  readonly #run: LineRun = { position: 0, previousAt: -1, previousLength: 0, found: -2 };
  readonly #bytePositions: BytePositions | undefined;
  /** The last line, when foldable: a copy of its own (or a view of the bytes being written). */
  #previous: Uint8Array | null = null;
  /** The start of a line whose end has not come yet, as copies (held back, or kept while it passes). */
  #partial: Uint8Array[] = [];
  #partialLength = 0;
  /** Inside a line that can be no repeat and was emitted as it came: it passes through to its line feed. */
  #passing = false;
  /** While passing: its bytes are kept in `#partial` to become the previous line (it fits the cap). */
  #keeping = false;
  #repeats = 0;
  #runStart = 0;
  #inputBytes = 0;
  #foldedBytes = 0;
  #noticeBytes = 0;
  #foldedLines = 0;
  /** What the current write emits, in order. */
  readonly #output: MappedOutput;

  /**
   * @throws TypeError when `maxFoldLineBytes` is not a number, `byteOps` is missing or an option is unknown.
   * @throws RangeError when `maxFoldLineBytes` is not a safe integer ≥ 1.
   */
  constructor(options: RepeatFolderCoreOptions) {
    validateOptionsObject(options, CORE_OPTIONS);
    const {
      maxFoldLineBytes = 4096,
      byteOps,
      bytePositions,
    } = options ?? ({} as Partial<RepeatFolderCoreOptions>);
    validateInteger('maxFoldLineBytes', maxFoldLineBytes, { minimum: 1 });
    validateByteOps(byteOps);
    validateOptionsObject(bytePositions, undefined, 'bytePositions');
    this.#maxFoldLineBytes = maxFoldLineBytes;
    this.#ops = byteOps;
    this.#bytePositions = bytePositions;
    this.#lineFeeds = new LineFeeds(byteOps, bytePositions);
    this.#output = new MappedOutput(byteOps);
  }

  /** A fresh snapshot of the counts. */
  get stats(): RepeatFolderStats {
    return {
      inputBytes: this.#inputBytes,
      outputBytes: this.#output.offsets.emitted,
      foldedBytes: this.#foldedBytes,
      foldedLines: this.#foldedLines,
      noticeBytes: this.#noticeBytes,
    };
  }

  /**
   * The input offset of the line the output byte at `outputOffset` came from: exact for copied bytes,
   * the first folded line's start for a notice's bytes; `null` for an offset not yet emitted or more
   * than `SOURCE_OFFSET_LOOKBACK_BYTES` behind the latest output (see `SourceOffsetMap` for the edges).
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#output.offsets.sourceOffsetOf(outputOffset);
  }

  /** Folds the next bytes; `emit` receives at most one array. */
  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw writeAfterEndError('RepeatFolderCore');
    const ops = this.#ops;
    const chunkStart = this.#inputBytes;
    this.#inputBytes += bytes.length;
    const lineFeeds = this.#lineFeeds;
    lineFeeds.start(bytes);
    let position = 0;
    // Bytes from `copyFrom` to the current line pass as one view of the chunk.
    let copyFrom = 0;
    const flushCopy = (end: number) => {
      if (end <= copyFrom) return;
      // A chunk that passes whole goes on as itself.
      const piece = copyFrom === 0 && end === bytes.length ? bytes : bytes.subarray(copyFrom, end);
      this.#output.add(piece, chunkStart + copyFrom, true);
    };
    // The previous line as a range of this chunk while it is one (`previousAt` ≥ 0): a line then costs no
    // view or array (most lines differ in length from the one before), where one each was most of the time.
    let previousAt = -1;
    let previousLength = 0;
    const previousLine = () =>
      previousAt >= 0 ? bytes.subarray(previousAt, previousAt + previousLength) : this.#previous;
    const maxFoldLineBytes = this.#maxFoldLineBytes;
    // An LF already found by the loop below, for the line at `position` (-2: none).
    let found = -2;
    while (position < bytes.length) {
      if (previousAt >= 0 && this.#repeats === 0) {
        // Lines within this chunk, no run going: one repeats only if as long as the one before, and most are not.
        const run = this.#run;
        run.position = position;
        run.previousAt = previousAt;
        run.previousLength = previousLength;
        lineFeeds.skipDistinct(run, maxFoldLineBytes);
        ({ position, previousAt, previousLength, found } = run);
        if (position >= bytes.length) break;
      }
      const end = found === -2 ? lineFeeds.next(position) : found;
      found = -2;
      const stop = end === -1 ? bytes.length : end + 1;
      if (this.#passing) {
        this.#keep(bytes.subarray(position, stop));
        if (end !== -1) this.#endPassing();
        position = stop;
        continue;
      }
      const held = this.#partialLength;
      if (end === -1) {
        const tail = bytes.subarray(position);
        const previous = previousLine();
        if (held > 0 || (previous !== null && startsWith(ops, previous, tail))) {
          flushCopy(position);
          this.#hold(tail, chunkStart + position);
          copyFrom = bytes.length;
        } else {
          // It cannot repeat the previous line: it passes now, so the chunk needs no split and no copy.
          if (this.#repeats > 0) {
            flushCopy(position);
            this.#endRun();
            copyFrom = position;
          }
          this.#passing = true;
          this.#keeping = true;
          this.#keep(tail);
          previousAt = -1;
        }
        break;
      }
      const lineStart = chunkStart + position - held;
      const length = held + stop - position;
      // A line held across chunks is joined (a copy of its own); one within this chunk stays a range.
      const line =
        held === 0 ? null : concatBytes(ops, [...this.#partial, bytes.subarray(position, stop)], length);
      const previous = previousAt >= 0 ? null : this.#previous;
      const repeats =
        (previousAt >= 0 ? length === previousLength : previous !== null && previous.length === length) &&
        ops.equals(line ?? bytes.subarray(position, stop), previousLine() as Uint8Array);
      if (repeats) {
        flushCopy(position);
        if (this.#repeats === 0) this.#runStart = lineStart;
        this.#repeats++;
        this.#foldedLines++;
        this.#foldedBytes += length;
        copyFrom = stop;
      } else {
        if (this.#repeats > 0 || line !== null) {
          flushCopy(position);
          this.#endRun();
          // A line held across chunks is emitted whole; one within this chunk starts the next copied range.
          if (line !== null) this.#output.add(line, lineStart, true);
          copyFrom = line !== null ? stop : position;
        }
        const fits = length <= maxFoldLineBytes;
        previousAt = line === null && fits ? position : -1;
        previousLength = length;
        this.#previous = line !== null && fits ? line : null;
      }
      if (line !== null) {
        this.#partial = [];
        this.#partialLength = 0;
      }
      position = stop;
    }
    flushCopy(bytes.length);
    // The line to compare with, when a range of the written bytes (which the caller may reuse), is copied.
    if (previousAt >= 0)
      this.#previous = copyBytes(ops, bytes.subarray(previousAt, previousAt + previousLength));
    this.#output.flush(emit);
  }

  /** Ends the input: the run in progress gets its notice, and a held unterminated line passes. */
  end(emit: Emit<Uint8Array>): void {
    if (this.#ended) return;
    this.#ended = true;
    // An unterminated last line never equals a terminated one: it ends the run and passes.
    this.#endRun();
    let at = this.#inputBytes - this.#partialLength;
    // A passing line's bytes went out as they came: what is kept of it is only for comparing.
    for (const piece of this.#passing ? [] : this.#partial) {
      this.#output.add(piece, at, true);
      at += piece.length;
    }
    this.#partial = [];
    this.#partialLength = 0;
    this.#output.flush(emit);
  }

  /**
   * What {@link end} would emit if `extra` came and then the input ended, without committing or counting
   * anything (a reader's checkpoint): the open run's notice with its count so far, the held line, `extra`
   * folded after them. Costs a copy of the folder's state: one line at most.
   */
  view(extra: Uint8Array): Uint8Array {
    if (this.#ended) return new Uint8Array(0);
    const copy = new RepeatFolderCore({
      maxFoldLineBytes: this.#maxFoldLineBytes,
      byteOps: this.#ops,
      bytePositions: this.#bytePositions,
    });
    copy.#previous = this.#previous;
    copy.#partial = [...this.#partial];
    copy.#partialLength = this.#partialLength;
    copy.#passing = this.#passing;
    copy.#keeping = this.#keeping;
    copy.#repeats = this.#repeats;
    const pieces: Uint8Array[] = [];
    const take = (bytes: Uint8Array) => pieces.push(copyBytes(this.#ops, bytes));
    if (extra.length > 0) copy.write(extra, take);
    copy.end(take);
    return concatBytes(this.#ops, pieces);
  }

  /** Holds the start of a line until its end shows whether it repeats; past the cap, lets it pass. */
  #hold(piece: Uint8Array, offset: number): void {
    if (this.#partialLength + piece.length <= this.#maxFoldLineBytes) {
      // A copy: the caller may reuse the written bytes, and a few held bytes must not keep them alive.
      this.#partial.push(copyBytes(this.#ops, piece));
      this.#partialLength += piece.length;
      return;
    }
    this.#endRun();
    let at = offset - this.#partialLength;
    for (const held of [...this.#partial, piece]) {
      this.#output.add(held, at, true);
      at += held.length;
    }
    this.#partial = [];
    this.#partialLength = 0;
    this.#previous = null;
    this.#passing = true;
    this.#keeping = false;
  }

  /** Keeps a copy of a passing line's `piece` while the line fits the cap (past it, it is never compared). */
  #keep(piece: Uint8Array): void {
    if (!this.#keeping) return;
    if (this.#partialLength + piece.length > this.#maxFoldLineBytes) {
      this.#keeping = false;
      this.#partial = [];
      this.#partialLength = 0;
      return;
    }
    this.#partial.push(copyBytes(this.#ops, piece));
    this.#partialLength += piece.length;
  }

  /** A passing line ended: it is the previous line when it was kept. */
  #endPassing(): void {
    this.#previous = this.#keeping ? concatBytes(this.#ops, this.#partial, this.#partialLength) : null;
    this.#partial = [];
    this.#partialLength = 0;
    this.#passing = false;
    this.#keeping = false;
  }

  /** Ends a run of repeats with its notice. */
  #endRun(): void {
    if (this.#repeats === 0) return;
    const notice = ENCODER.encode(formatRepeatNotice(this.#repeats));
    this.#output.add(notice, this.#runStart, false);
    this.#noticeBytes += notice.length;
    this.#repeats = 0;
  }
}
