import { type ByteOps, findUtf8BoundaryBefore } from '@pipeguard/shared/core';
import type { LineTerminator } from './line-unit';
import type { PendingBytes } from './pending-bytes';

const LF = 0x0a;
const CR = 0x0d;

/** A terminator by its code in {@link UnitBounds}' `codes`; a code's value is also its terminator's length, but CR's. */
export const TERMINATORS: readonly LineTerminator[] = ['', '\n', '\r\n', '\r'];
const CODE_NONE = 0;
const CODE_LF = 1;
const CODE_CRLF = 2;
const CODE_CR = 3;

/** Bytes of the terminator whose code is `code`. */
function lengthOf(code: number): number {
  return code === CODE_CR ? 1 : code;
}

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
  return index === 0 ? 0 : (ends[index - 1] as number) + lengthOf(codes[index - 1] as number);
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

/**
 * A line splitter's scan: finds the units each chunk completes into arrays it keeps and reuses, so the
 * result of {@link UnitScan.find} holds until the next call.
 */
export class UnitScan {
  readonly #ops: ByteOps;
  readonly #chunkIndexOf: boolean;
  readonly #maxUnitBytes: number;
  /** The LF found after the last unit {@link UnitScan.#lineFeeds} pushed, and that run's longest unit. */
  #lf = -1;
  #longest = 0;
  readonly #result: UnitEnds = {
    count: 0,
    ends: new Float64Array(256),
    codes: new Uint8Array(256),
    next: 0,
    crPending: false,
    forced: 0,
    longestInChunk: 0,
  };

  constructor(ops: ByteOps, maxUnitBytes: number, chunkIndexOf: boolean) {
    this.#ops = ops;
    this.#maxUnitBytes = maxUnitBytes;
    this.#chunkIndexOf = chunkIndexOf;
  }

  /**
   * Finds the units that `chunk` completes. Boundaries come from `ops.indexOf` (or, with `chunkIndexOf`,
   * the chunk's own `indexOf`: a Node Buffer's, inlined) for LF and for CR, each remembered until passed,
   * so every byte is scanned (natively, in Node) at most once per terminator kind.
   */
  find(pending: PendingBytes, chunk: Uint8Array, crPending: boolean): UnitEnds {
    const result = this.#result;
    const offset = pending.length;
    const total = offset + chunk.length;
    const maxUnitBytes = this.#maxUnitBytes;
    result.count = 0;
    result.forced = 0;
    result.crPending = false;
    result.longestInChunk = 0;
    let start = 0;
    if (crPending) {
      if (chunk.length === 0) return this.#stop(0, true);
      const crlf = chunk[0] === LF;
      this.#push(offset - 1, crlf ? CODE_CRLF : CODE_CR);
      start = crlf ? offset + 1 : offset;
    }
    let longest = 0;
    let lf = -2;
    let cr = -2;
    for (;;) {
      const from = start > offset ? start - offset : 0;
      if (lf !== -1 && lf < from) lf = this.#indexOf(chunk, LF, from);
      if (cr !== -1 && cr < from) cr = this.#indexOf(chunk, CR, from);
      if (cr === -1 && lf !== -1 && lf + offset - start <= maxUnitBytes) {
        // No CR ahead: the common case, LF after LF without the general loop's bookkeeping.
        start = this.#lineFeeds(chunk, offset, start, lf);
        lf = this.#lf;
        longest = Math.max(longest, this.#longest);
        continue;
      }
      const found = lf === -1 ? cr : cr === -1 || lf < cr ? lf : cr;
      const end = found === -1 ? total : found + offset;
      if (end - start > maxUnitBytes) {
        // `pending` remembers a join made here, so the unit emitted for this cut reuses it.
        const cut = findForcedCut(pending.slice(chunk, start, start + maxUnitBytes), start, this.#ops);
        if (start >= offset && cut - start > longest) longest = cut - start;
        this.#push(cut, CODE_NONE);
        start = cut;
        result.forced++;
        continue;
      }
      if (found === -1) break;
      let code = CODE_LF;
      if (found === cr) {
        // A CR that ends the chunk may be the first half of a CRLF: decide when the next byte comes.
        if (found + 1 === chunk.length) {
          result.longestInChunk = longest;
          return this.#stop(start, true);
        }
        code = chunk[found + 1] === LF ? CODE_CRLF : CODE_CR;
      }
      if (start >= offset && end - start > longest) longest = end - start;
      this.#push(end, code);
      start = end + lengthOf(code);
    }
    result.longestInChunk = longest;
    return this.#stop(start, false);
  }

  /**
   * Pushes the units that LFs end from window position `start` on, `lf` the first LF at or after it, until
   * no LF is left or a unit is longer than `maxUnitBytes` (for the general loop to cut); returns where the
   * next unit starts. Every unit here starts in the chunk, but perhaps the first.
   */
  #lineFeeds(chunk: Uint8Array, offset: number, start: number, lf: number): number {
    const maxUnitBytes = this.#maxUnitBytes;
    let longest = 0;
    let at = lf;
    let from = start;
    while (at !== -1) {
      const end = at + offset;
      if (end - from > maxUnitBytes) break;
      if (from >= offset && end - from > longest) longest = end - from;
      this.#push(end, CODE_LF);
      from = end + 1;
      at = this.#indexOf(chunk, LF, at + 1);
    }
    this.#lf = at;
    this.#longest = longest;
    return from;
  }

  #indexOf(chunk: Uint8Array, byte: number, from: number): number {
    return this.#chunkIndexOf ? chunk.indexOf(byte, from) : this.#ops.indexOf(chunk, byte, from);
  }

  #push(end: number, code: number): void {
    const result = this.#result;
    if (result.count === result.ends.length) {
      const ends = new Float64Array(result.count * 2);
      const codes = new Uint8Array(result.count * 2);
      ends.set(result.ends);
      codes.set(result.codes);
      result.ends = ends;
      result.codes = codes;
    }
    result.ends[result.count] = end;
    result.codes[result.count] = code;
    result.count++;
  }

  #stop(next: number, crPending: boolean): UnitEnds {
    this.#result.next = next;
    this.#result.crPending = crPending;
    return this.#result;
  }
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
