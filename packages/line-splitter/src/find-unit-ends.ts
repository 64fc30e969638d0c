import { isUtf8 } from 'node:buffer';
import { findUtf8BoundaryBefore } from '@pipeguard/shared';
import type { LineTerminator } from './line-unit';
import type { PendingBytes } from './pending-bytes';

const LF = 0x0a;
const CR = 0x0d;

/** Where the units that one chunk completes end, in window positions (see {@link PendingBytes}). */
export interface UnitEnds {
  /** Start of each completed unit. */
  starts: number[];
  /** End of each completed unit's bytes, terminator excluded. */
  ends: number[];
  terminators: LineTerminator[];
  /** Window position where the next, still incomplete, unit starts. */
  next: number;
  /** Whether the window ends with a CR whose meaning (CR or CRLF) the next byte decides. */
  crPending: boolean;
  /** How many of the units were cut at `maxUnitBytes` rather than ended by a terminator. */
  forced: number;
}

/** The positions of the units, without the rest of the scan's state. */
export type UnitBounds = Pick<UnitEnds, 'starts' | 'ends' | 'terminators'>;

/**
 * Finds the units that `chunk` completes. Boundaries come from `Buffer#indexOf` for LF and for CR,
 * each remembered until passed, so every byte is scanned natively at most once per terminator kind.
 */
export function findUnitEnds(
  pending: PendingBytes,
  chunk: Buffer,
  crPending: boolean,
  maxUnitBytes: number,
): UnitEnds {
  const offset = pending.length;
  const total = offset + chunk.length;
  const result: UnitEnds = { starts: [], ends: [], terminators: [], next: 0, crPending: false, forced: 0 };
  let start = 0;
  if (crPending) {
    if (chunk.length === 0) return { ...result, crPending: true };
    const crlf = chunk[0] === LF;
    result.starts.push(0);
    result.ends.push(offset - 1);
    result.terminators.push(crlf ? '\r\n' : '\r');
    start = crlf ? offset + 1 : offset;
  }
  let lf = -2;
  let cr = -2;
  for (;;) {
    const from = Math.max(0, start - offset);
    if (lf !== -1 && lf < from) lf = chunk.indexOf(LF, from);
    if (cr !== -1 && cr < from) cr = chunk.indexOf(CR, from);
    const found = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    if ((found === -1 ? total : found + offset) - start > maxUnitBytes) {
      result.starts.push(start);
      start = findForcedCut(pending.slice(chunk, start, start + maxUnitBytes), start);
      result.ends.push(start);
      result.terminators.push('');
      result.forced++;
      continue;
    }
    if (found === -1) break;
    let terminator: LineTerminator = '\n';
    if (found === cr) {
      // A CR that ends the chunk may be the first half of a CRLF: decide when the next byte comes.
      if (found + 1 === chunk.length) return { ...result, next: start, crPending: true };
      terminator = chunk[found + 1] === LF ? '\r\n' : '\r';
    }
    result.starts.push(start);
    result.ends.push(found + offset);
    result.terminators.push(terminator);
    start = found + offset + terminator.length;
  }
  result.next = start;
  return result;
}

/**
 * Where a unit of `candidate.length` (= maxUnitBytes) bytes starting at `start` is cut: before a
 * character that would straddle the cut when the bytes before it are valid UTF-8, else at the cap.
 */
function findForcedCut(candidate: Buffer, start: number): number {
  const boundary = findUtf8BoundaryBefore(candidate, candidate.length);
  const backOff = boundary < candidate.length && isUtf8(candidate.subarray(0, boundary));
  return start + (backOff ? boundary : candidate.length);
}
