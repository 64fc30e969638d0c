import {
  type ByteOps,
  findUtf8BoundaryBefore,
  LINE_END_CR,
  LINE_END_CRLF,
  LINE_END_LF,
  LINE_END_NONE,
  LineEndScanner,
  type LineEndStop,
  lineEndLength,
} from '@pipeguard/shared/core';
import type { BytePositions, LineEndCount } from './byte-positions';
import type { LineTerminator } from './line-unit';
import type { PendingBytes } from './pending-bytes';

const LF = 0x0a;
const CR = 0x0d;
const EMPTY_COUNT: UnitCount = Object.freeze({
  count: 0,
  firstEnd: 0,
  firstNext: 0,
  next: 0,
  longestInChunk: 0,
});

/** A terminator by its code in {@link UnitBounds}' `codes` (the shared scanner's `LINE_END_*` kinds). */
export const TERMINATORS: readonly LineTerminator[] = ['', '\n', '\r\n', '\r'];

/**
 * Where units end, in window positions (see {@link PendingBytes}). The first unit starts at 0 and
 * each next one right after the previous one's terminator, so starts are not stored. Typed arrays, so
 * that a chunk of short lines costs two numbers a line and no growing array.
 */
export interface UnitBounds {
  /** How many units: the arrays may be longer. */
  count: number;
  /** End of each unit's bytes, terminator excluded. */
  ends: Float64Array;
  /** Each unit's terminator, as its index in {@link TERMINATORS}. */
  codes: Uint8Array;
}

/** Window position where unit `index` of `bounds` starts. */
export function unitStart({ ends, codes }: UnitBounds, index: number): number {
  return index === 0 ? 0 : (ends[index - 1] as number) + lineEndLength(codes[index - 1] as number);
}

/** Units `[first, stop)` of `bounds` as bounds of their own (copies: a scan's arrays are reused). */
export function copyBounds({ ends, codes }: UnitBounds, first: number, stop: number): UnitBounds {
  return { count: stop - first, ends: ends.slice(first, stop), codes: codes.slice(first, stop) };
}

/** The units that one chunk completes, and the scan state to carry to the next chunk. */
export interface UnitEnds extends UnitBounds {
  /** Window position where the next, still incomplete, unit starts. */
  next: number;
  /** Whether the window ends with a CR whose meaning (CR or CRLF) the next byte decides. */
  crPending: boolean;
  /** How many of the units were cut at `maxUnitBytes` rather than ended by a terminator. */
  forced: number;
  /** Bytes of the longest unit that starts in the chunk (not in the pending bytes), terminator excluded. */
  longestInChunk: number;
}

/** The units one chunk completes, counted but not located: see {@link UnitScan.count}. */
export interface UnitCount {
  /** How many units the chunk completes. */
  count: number;
  /** Window position where the first unit's terminator starts (0 when there is no unit). */
  firstEnd: number;
  /** Window position right after the first unit's terminator (0 when there is no unit). */
  firstNext: number;
  /** Window position where the next, still incomplete, unit starts. */
  next: number;
  /** Bytes of the longest unit that starts in the chunk, terminator excluded. */
  longestInChunk: number;
}

/**
 * The bounds of a batch's units found in its own `bytes`, which end with the last unit's terminator and
 * hold no unit cut at a cap (a batch {@link UnitScan.count} counted).
 */
export function findBatchBounds(ops: ByteOps, bytes: Uint8Array): UnitBounds {
  const scanner = new LineEndScanner(ops);
  // The batch ends where its last unit's terminator does: a CR there is a unit's whole terminator.
  if (scanner.scan(bytes, 0) === 'cr') scanner.push(bytes.length - 1, LINE_END_CR);
  return scanner;
}

/**
 * A line splitter's scan: the units each chunk completes, from the shared {@link LineEndScanner} (whose
 * arrays it reuses, so the result of {@link UnitScan.find} holds until the next call), with the cuts at
 * `maxUnitBytes` and a CR held from the previous chunk added.
 */
export class UnitScan {
  readonly #ops: ByteOps;
  readonly #maxUnitBytes: number;
  readonly #scanner: LineEndScanner;
  readonly #result: UnitEnds;
  readonly #positions: BytePositions | undefined;

  constructor(ops: ByteOps, maxUnitBytes: number, chunkIndexOf: boolean, positions?: BytePositions) {
    this.#ops = ops;
    this.#positions = positions;
    this.#maxUnitBytes = maxUnitBytes;
    // The chunk's own indexOf (a Node Buffer's, inlined) when asked, else the one of `ops`.
    this.#scanner = new LineEndScanner(chunkIndexOf ? undefined : ops);
    const { ends, codes } = this.#scanner;
    this.#result = { count: 0, ends, codes, next: 0, crPending: false, forced: 0, longestInChunk: 0 };
  }

  /** Finds the units that `chunk` completes; `crPending` says the pending bytes end with an undecided CR. */
  find(pending: PendingBytes, chunk: Uint8Array, crPending: boolean): UnitEnds {
    const scanner = this.#scanner;
    const result = this.#result;
    const offset = pending.length;
    const maxUnitBytes = this.#maxUnitBytes;
    scanner.clear();
    result.forced = 0;
    let stop: LineEndStop = 'cr';
    if (!crPending)
      stop =
        this.#positions === undefined
          ? scanner.scan(chunk, 0, offset, maxUnitBytes)
          : this.#scanPositions(this.#positions, chunk, offset);
    else if (chunk.length > 0) {
      const crlf = chunk[0] === LF;
      scanner.push(offset - 1, crlf ? LINE_END_CRLF : LINE_END_CR);
      stop = scanner.scan(chunk, crlf ? offset + 1 : offset, offset, maxUnitBytes);
    }
    while (stop === 'long') {
      const start = scanner.next;
      // `pending` remembers a join made here, so the unit emitted for this cut reuses it.
      const cut = findForcedCut(pending.slice(chunk, start, start + maxUnitBytes), start, this.#ops);
      if (start >= offset && cut - start > scanner.longest) scanner.longest = cut - start;
      scanner.push(cut, LINE_END_NONE);
      result.forced++;
      stop = scanner.resume(cut);
    }
    result.count = scanner.count;
    result.ends = scanner.ends;
    result.codes = scanner.codes;
    result.next = crPending && chunk.length === 0 ? 0 : scanner.next;
    result.crPending = stop === 'cr';
    result.longestInChunk = scanner.longest;
    return result;
  }

  /**
   * The units `chunk` completes after `offset` pending bytes (no CR pending), counted from the line ends the
   * bulk search finds, their ends not kept: `undefined` without a bulk search, or when a unit would be cut at
   * `maxUnitBytes` or the chunk ends with a CR (then `find` says what to do).
   */
  count(chunk: Uint8Array, offset: number): UnitCount | undefined {
    const positions = this.#positions;
    if (positions === undefined || chunk[chunk.length - 1] === CR) return undefined;
    const maxUnitBytes = this.#maxUnitBytes;
    if (positions.countLineEnds !== undefined)
      return countedUnits(positions.countLineEnds(chunk), chunk, offset, maxUnitBytes);
    let count = 0;
    let firstEnd = 0;
    let firstNext = 0;
    let start = 0;
    let longest = 0;
    for (let from = 0; from < chunk.length; from += positions.windowBytes) {
      const found = positions.find(chunk, from, LF, CR);
      for (let index = 0; index < found.length; index++) {
        const at = found[index] as number;
        const end = at + offset;
        // The LF of a CRLF, taken with its CR.
        if (end < start) continue;
        if (end - start > maxUnitBytes) return undefined;
        const next = chunk[at] === CR && chunk[at + 1] === LF ? end + 2 : end + 1;
        if (start >= offset && end - start > longest) longest = end - start;
        if (count++ === 0) {
          firstEnd = end;
          firstNext = next;
        }
        start = next;
      }
    }
    if (chunk.length + offset - start > maxUnitBytes) return undefined;
    return { count, firstEnd, firstNext, next: start, longestInChunk: longest };
  }

  /**
   * `scanner.scan(chunk, 0, offset, maxUnitBytes)` from the line ends `positions` finds in bulk: the same
   * ends, codes, `longest`, `next` and stop. At a line longer than the cap the scanner goes on from that line.
   */
  #scanPositions(positions: BytePositions, chunk: Uint8Array, offset: number): LineEndStop {
    const scanner = this.#scanner;
    const maxUnitBytes = this.#maxUnitBytes;
    let { count, ends, codes } = scanner;
    let start = 0;
    let longest = 0;
    let stop: LineEndStop = 'end';
    for (let from = 0; from < chunk.length && stop === 'end'; from += positions.windowBytes) {
      const found = positions.find(chunk, from, LF, CR);
      if (count + found.length > ends.length)
        ({ ends, codes } = growEnds(scanner, count, count + found.length));
      for (let index = 0; index < found.length; index++) {
        const at = found[index] as number;
        const end = at + offset;
        // The LF of a CRLF, taken with its CR.
        if (end < start) continue;
        if (end - start > maxUnitBytes) {
          stop = 'long';
          break;
        }
        let code = LINE_END_LF;
        let next = end + 1;
        if (chunk[at] === CR) {
          if (at + 1 === chunk.length) {
            stop = 'cr';
            break;
          }
          if (chunk[at + 1] === LF) {
            code = LINE_END_CRLF;
            next++;
          } else code = LINE_END_CR;
        }
        if (start >= offset && end - start > longest) longest = end - start;
        ends[count] = end;
        codes[count++] = code;
        start = next;
      }
    }
    if (stop === 'end' && chunk.length + offset - start > maxUnitBytes) stop = 'long';
    scanner.count = count;
    scanner.longest = longest;
    scanner.next = start;
    // At a line longer than the cap, the scanner goes on from that line (the cut is its caller's).
    return stop === 'long' ? scanner.scan(chunk, start, offset, maxUnitBytes) : stop;
  }
}

/** {@link UnitScan.count}'s answer from a bulk count of `chunk`'s line ends, after `offset` pending bytes. */
function countedUnits(
  counted: LineEndCount,
  chunk: Uint8Array,
  offset: number,
  maxUnitBytes: number,
): UnitCount | undefined {
  const { count, firstEnd, firstNext, next, longestAfterFirst } = counted;
  if (count === 0) return chunk.length + offset > maxUnitBytes ? undefined : EMPTY_COUNT;
  // The first unit starts at window position 0: in the pending bytes when there are any.
  const first = firstEnd + offset;
  if (first > maxUnitBytes || longestAfterFirst > maxUnitBytes || chunk.length - next > maxUnitBytes)
    return undefined;
  const longestInChunk = offset > 0 ? longestAfterFirst : Math.max(first, longestAfterFirst);
  return { count, firstEnd: first, firstNext: firstNext + offset, next: next + offset, longestInChunk };
}

/** Makes `scanner`'s arrays hold at least `needed` line ends, keeping the first `kept`. */
function growEnds(scanner: LineEndScanner, kept: number, needed: number): LineEndScanner {
  const ends = new Float64Array(Math.max(needed, 2 * scanner.ends.length));
  const codes = new Uint8Array(ends.length);
  ends.set(scanner.ends.subarray(0, kept));
  codes.set(scanner.codes.subarray(0, kept));
  scanner.ends = ends;
  scanner.codes = codes;
  return scanner;
}

/**
 * Where a unit of `candidate.length` (= maxUnitBytes) bytes starting at `start` is cut: before a
 * character that would straddle the cut when the bytes before it are valid UTF-8, else at the cap.
 */
function findForcedCut(candidate: Uint8Array, start: number, ops: ByteOps): number {
  const boundary = findUtf8BoundaryBefore(candidate, candidate.length);
  const backOff = boundary < candidate.length && ops.isUtf8(candidate.subarray(0, boundary));
  return start + (backOff ? boundary : candidate.length);
}
