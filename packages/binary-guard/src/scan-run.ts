import {
  type ByteOps,
  concatBytes,
  findControlByte,
  findUtf8BoundaryBefore,
  portableByteOps,
  skipUtf8Continuation,
  wellFormedPrefixEnd,
} from '@pipeguard/shared/core';
import { opensEscapeSequence } from './control-share';
import { findNulRun } from './nul-run';
import { findValidUtf8Prefix } from './utf8-prefix';

/** How far back from the first byte that is not UTF-8 a window may open at a control byte. */
const LOOK_BACK_BYTES = 256;

/**
 * From this many new bytes on, the run is extended without joining them to the carried bytes: only
 * the seam where they meet is looked at apart. Below it, one small copy costs less than the
 * bookkeeping.
 */
export const SEAM_MIN_BYTES = 1024;

/** What to do with the bytes `carried + next` while the stream is strict UTF-8. */
export interface RunStep {
  /** Bytes `[0, pass)` extend the UTF-8 run and may pass. */
  pass: number;
  /** Whether the bytes from `pass` on open a window (else they wait for more input). */
  window: boolean;
}

/** The first control byte in `bytes[start, end)` that opens no escape sequence, else `end`. */
function findOpeningByte(bytes: Uint8Array, start: number, end: number): number {
  return findControlByte(bytes, start, end, opensEscapeSequence);
}

/**
 * End of the longest strict-UTF-8 prefix of `carried + next[0, continued)`. The carried bytes are
 * the run's own, valid up to the character their end cuts (see {@link scanRun}), so only that
 * character and the continuation bytes are walked, in place: a few bytes, however long `carried`.
 */
function measureSeam(carried: Uint8Array, next: Uint8Array, continued: number): number {
  const start = findUtf8BoundaryBefore(carried, carried.length);
  const length = carried.length - start + continued;
  if (length === 0) return start;
  // At most 6 bytes: a small on-heap copy, so the walk reads one array.
  const seam = new Uint8Array(length);
  seam.set(carried.subarray(start));
  for (let index = 0; index < continued; index++)
    seam[carried.length - start + index] = next[index] as number;
  return start + wellFormedPrefixEnd(seam, 0, length);
}

/** The first index at or after `at` in `carried + next` that is no continuation byte, skipping at most 3. */
function skipContinuationAcross(carried: Uint8Array, next: Uint8Array, at: number): number {
  if (at >= carried.length) return carried.length + skipUtf8Continuation(next, at - carried.length);
  const inCarried = skipUtf8Continuation(carried, at);
  if (inCarried < carried.length || inCarried - at === 3) return inCarried;
  return carried.length + Math.min(skipUtf8Continuation(next, 0), 3 - (inCarried - at));
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
function stepAt(opening: number, broken: boolean, passedBefore: number, lineStart: () => number): RunStep {
  // Until LOOK_BACK_BYTES of the stream are known to be text, only its complete lines pass: a binary
  // stream whose first few bytes happen to be valid UTF-8 shows only the placeholder unless they end
  // a line, while a program's first short line reaches a live reader at once.
  if (passedBefore + opening < LOOK_BACK_BYTES) return { pass: lineStart(), window: broken };
  return { pass: opening, window: broken };
}

/** Offset after the last line feed before `at` in `carried + next`, else 0. */
function findLineStartBefore(carried: Uint8Array, next: Uint8Array, at: number, ops: ByteOps): number {
  if (at > carried.length) {
    const inNext = ops.lastIndexOf(next, 0x0a, at - carried.length - 1);
    if (inNext !== -1) return carried.length + inNext + 1;
  }
  const last = Math.min(at, carried.length) - 1;
  return last < 0 ? 0 : ops.lastIndexOf(carried, 0x0a, last) + 1;
}

/**
 * Extends the strict-UTF-8 run with `next`, the bytes `carried` before it, `passedBefore` bytes of
 * the stream before those. `carried` is what earlier steps left undecided, at most a few hundred
 * bytes: strict UTF-8 up to the character its end may cut, which is not validated again. Only the
 * seam (that character and the continuation bytes that open `next`) is looked at apart: strict UTF-8
 * splits exactly at the seam's end, where a character starts, so validating the two parts apart is
 * validating the whole. Offsets in the step count from the start of `carried`. With `carried`
 * non-empty, `next` must be longer than 3 bytes (so the cut at its end is its own), and `carried` holds
 * no whole run of NULs (it would have ended the run when it was new); when `next` holds at
 * least {@link SEAM_MIN_BYTES}, a step that opens no window decides every carried byte.
 */
export function scanRun(
  carried: Uint8Array,
  next: Uint8Array,
  final: boolean,
  passedBefore: number,
  ops: ByteOps = portableByteOps,
): RunStep {
  const continued = skipUtf8Continuation(next, 0);
  const end = findUtf8BoundaryBefore(next, next.length);
  const seamValid = measureSeam(carried, next, continued);
  const utf8Valid =
    seamValid < carried.length + continued
      ? seamValid
      : carried.length + findValidUtf8Prefix(next, continued, end, undefined, ops);
  // A run of NULs is padding, not text, though it is valid UTF-8: it ends the run as a broken byte does.
  const nulRun = findNulRun(carried, next, utf8Valid - carried.length, ops);
  const valid = nulRun !== -1 && nulRun < utf8Valid ? nulRun : utf8Valid;
  const length = carried.length + next.length;
  const broken = isBroken(valid, carried.length + end, length, final);
  if (!broken && final) return { pass: length, window: false };
  const from = Math.max(0, valid - LOOK_BACK_BYTES);
  // A run valid so far that ends inside a character: its last bytes wait for more input anyway, so
  // where a window would open is left until the run breaks or the character ends. None can open
  // before the first character that starts at `from` or later, so the bytes before it may pass; the
  // control-byte look-back, the costliest step after validation, is paid only at a character boundary.
  const lineStart = (opening: number) => () => findLineStartBefore(carried, next, opening, ops);
  if (!broken && end < next.length) {
    const opening = skipContinuationAcross(carried, next, from);
    return stepAt(opening, false, passedBefore, lineStart(opening));
  }
  if (from >= carried.length) {
    const opening = carried.length + findOpeningByte(next, from - carried.length, valid - carried.length);
    return stepAt(opening, broken, passedBefore, lineStart(opening));
  }
  // The look-back reaches into the carried bytes: join just it. No byte past `valid` is needed to
  // tell an ESC that opens a sequence: that byte is never printable ASCII, or it would extend the run.
  const region = concatBytes(ops, [
    carried.subarray(from, valid),
    next.subarray(0, Math.max(0, valid - carried.length)),
  ]);
  const opening = from + findOpeningByte(region, 0, region.length);
  return stepAt(opening, broken, passedBefore, lineStart(opening));
}
