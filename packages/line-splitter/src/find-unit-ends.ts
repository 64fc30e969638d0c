import { type ByteOps, findUtf8BoundaryBefore, LineEndScanner } from '@pipeguard/shared/core';
import type { LineTerminator } from './line-unit';
import type { PendingBytes } from './pending-bytes';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Where units end, in window positions (see {@link PendingBytes}). The first unit starts at 0 and
 * each next one right after the previous one's terminator, so starts are not stored.
 */
export interface UnitBounds {
  /** End of each unit's bytes, terminator excluded. */
  ends: number[];
  terminators: LineTerminator[];
}

/** Window position where unit `index` of `bounds` starts. */
export function unitStart({ ends, terminators }: UnitBounds, index: number): number {
  return index === 0 ? 0 : (ends[index - 1] as number) + (terminators[index - 1] as string).length;
}

/** The units that one chunk completes, and the scan state to carry to the next chunk. */
export interface UnitEnds extends UnitBounds {
  /** Window position where the next, still incomplete, unit starts. */
  next: number;
  /** Whether the window ends with a CR whose meaning (CR or CRLF) the next byte decides. */
  crPending: boolean;
  /** How many of the units were cut at `maxUnitBytes` rather than ended by a terminator. */
  forced: number;
}

/**
 * Finds the units that `chunk` completes. Boundaries come from a {@link LineEndScanner} on `ops.indexOf` (or,
 * with `chunkIndexOf`, the chunk's own `indexOf`: a Node Buffer's), so every byte is scanned (natively, in
 * Node) at most once per terminator kind.
 */
export function findUnitEnds(
  pending: PendingBytes,
  chunk: Uint8Array,
  crPending: boolean,
  maxUnitBytes: number,
  ops: ByteOps,
  chunkIndexOf = false,
): UnitEnds {
  const offset = pending.length;
  const total = offset + chunk.length;
  const result: UnitEnds = { ends: [], terminators: [], next: 0, crPending: false, forced: 0 };
  const { ends, terminators } = result;
  let start = 0;
  if (crPending) {
    if (chunk.length === 0) return { ...result, crPending: true };
    const crlf = chunk[0] === LF;
    ends.push(offset - 1);
    terminators.push(crlf ? '\r\n' : '\r');
    start = crlf ? offset + 1 : offset;
  }
  const scanner = chunkIndexOf ? new LineEndScanner(chunk) : new LineEndScanner(chunk, ops.indexOf);
  for (;;) {
    const found = scanner.next(Math.max(0, start - offset));
    if ((found === -1 ? total : found + offset) - start > maxUnitBytes) {
      // `pending` remembers a join made here, so the unit emitted for this cut reuses it.
      start = findForcedCut(pending.slice(chunk, start, start + maxUnitBytes), start, ops);
      ends.push(start);
      terminators.push('');
      result.forced++;
      continue;
    }
    if (found === -1) break;
    let terminator: LineTerminator = '\n';
    if (chunk[found] === CR) {
      // A CR that ends the chunk may be the first half of a CRLF: decide when the next byte comes.
      if (found + 1 === chunk.length) return { ...result, next: start, crPending: true };
      terminator = chunk[found + 1] === LF ? '\r\n' : '\r';
    }
    ends.push(found + offset);
    terminators.push(terminator);
    start = found + offset + terminator.length;
  }
  result.next = start;
  return result;
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
