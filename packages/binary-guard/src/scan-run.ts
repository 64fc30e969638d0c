import { isUtf8 } from 'node:buffer';
import { findControlByte, findUtf8BoundaryBefore, skipUtf8Continuation } from '@pipeguard/shared';
import { opensEscapeSequence } from './control-share';
import { findValidUtf8Prefix } from './utf8-prefix';

/** How far back from the first byte that is not UTF-8 a window may open at a control byte. */
export const LOOK_BACK_BYTES = 256;

/**
 * From this many new bytes on, the run is extended without joining them to the carried bytes: only
 * the seam where they meet is copied. Below it, one small copy costs less than the bookkeeping.
 */
export const SEAM_MIN_BYTES = 1024;

/** Up to this many bytes (a chunk as files and pipes deliver it) are validated in one call. */
const WHOLE_CHECK_BYTES = 64 * 1024;

/** What to do with the bytes `carried + next` while the stream is strict UTF-8. */
export interface RunStep {
  /** Bytes `[0, pass)` extend the UTF-8 run and may pass. */
  pass: number;
  /** Whether the bytes from `pass` on open a window (else they wait for more input). */
  window: boolean;
}

/** The first control byte in `bytes[start, end)` that opens no escape sequence, else `end`. */
function findOpeningByte(bytes: Buffer, start: number, end: number): number {
  return findControlByte(bytes, start, end, opensEscapeSequence);
}

/** Length of the longest strict-UTF-8 prefix of `bytes[0, end)`: one native call for a valid chunk. */
function measureValidPrefix(bytes: Buffer, end: number): number {
  return findValidUtf8Prefix(bytes, end, WHOLE_CHECK_BYTES);
}

/** Whether the joined bytes hold a byte that is not UTF-8 (at the input's end, an unfinished character). */
function isBroken(valid: number, end: number, length: number, final: boolean): boolean {
  return valid < end || (final && end < length);
}

/**
 * The step once the run's `opening` is known: the first byte that is not UTF-8 opens a window at
 * the first control byte of the {@link LOOK_BACK_BYTES} before it if there is one, so a binary's
 * valid-looking header (ELF's `7F 45 4C 46 02 01 01 00`) is withheld with the rest. Until then
 * everything before that would-be opening may pass; the opening can only move forward as the run
 * grows, so what passed never needs taking back.
 */
function stepAt(opening: number, broken: boolean, passedBefore: number): RunStep {
  // The first bytes of a stream pass only once LOOK_BACK_BYTES of it are known to be text, so a
  // binary stream whose first few bytes happen to be valid UTF-8 shows only the placeholder.
  if (passedBefore + opening < LOOK_BACK_BYTES) return { pass: 0, window: broken };
  return { pass: opening, window: broken };
}

/** {@link scanRun} on bytes already joined into one buffer. */
export function scanJoined(bytes: Buffer, final: boolean, passedBefore: number): RunStep {
  const end = findUtf8BoundaryBefore(bytes, bytes.length);
  const valid = measureValidPrefix(bytes, end);
  const broken = isBroken(valid, end, bytes.length, final);
  if (!broken && final) return { pass: bytes.length, window: false };
  const opening = findOpeningByte(bytes, Math.max(0, valid - LOOK_BACK_BYTES), valid);
  return stepAt(opening, broken, passedBefore);
}

/**
 * {@link scanRun} on `carried + next` without joining them: only the seam (`carried` and the
 * continuation bytes that open `next`) is copied. Strict UTF-8 splits exactly at the seam's end,
 * since that is where a character starts, so validating the two parts apart is validating the whole.
 * Needs `next` longer than 3 bytes, so the cut at its end is `next`'s own.
 */
export function scanSeamed(carried: Buffer, next: Buffer, final: boolean, passedBefore: number): RunStep {
  const continued = skipUtf8Continuation(next, 0);
  const seam = continued === 0 ? carried : Buffer.concat([carried, next.subarray(0, continued)]);
  const end = findUtf8BoundaryBefore(next, next.length);
  let valid: number;
  if (seam.length > 0 && !isUtf8(seam)) valid = findValidUtf8Prefix(seam, seam.length);
  else if (continued === 0) valid = seam.length + measureValidPrefix(next, end);
  else valid = seam.length + measureValidPrefix(next.subarray(continued), end - continued);
  const length = carried.length + next.length;
  const broken = isBroken(valid, carried.length + end, length, final);
  if (!broken && final) return { pass: length, window: false };
  const from = Math.max(0, valid - LOOK_BACK_BYTES);
  if (from >= seam.length) {
    const opening = findOpeningByte(next, from - carried.length, valid - carried.length);
    return stepAt(carried.length + opening, broken, passedBefore);
  }
  // The look-back reaches into the seam: join just it. No byte past `valid` is needed to tell an ESC
  // that opens a sequence: that byte is never printable ASCII, or it would extend the valid run.
  const region = Buffer.concat([
    seam.subarray(from, valid),
    next.subarray(continued, Math.max(continued, valid - carried.length)),
  ]);
  return stepAt(from + findOpeningByte(region, 0, region.length), broken, passedBefore);
}

/**
 * Extends the strict-UTF-8 run with `next`, the bytes `carried` (not yet decided, at most a few
 * hundred) before it, `passedBefore` bytes of the stream before those. Offsets in the step count
 * from the start of `carried`.
 */
export function scanRun(carried: Buffer, next: Buffer, final: boolean, passedBefore: number): RunStep {
  if (next.length >= SEAM_MIN_BYTES) return scanSeamed(carried, next, final, passedBefore);
  const bytes = carried.length > 0 ? Buffer.concat([carried, next]) : next;
  return scanJoined(bytes, final, passedBefore);
}
