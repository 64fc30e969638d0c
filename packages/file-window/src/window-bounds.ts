import {
  findUtf8BoundaryBefore,
  isUtf8Continuation,
  skipUtf8Continuation,
  utf8SequenceLength,
} from '@pipeguard/shared';

/** Bytes read on each side of a window so that its edges can be judged: a UTF-8 sequence is at most 4 bytes. */
export const EDGE_BYTES = 3;

/**
 * Finds the part of the window `bytes[windowStart, windowEnd)` to decode, given up to {@link EDGE_BYTES}
 * bytes before and after it in `bytes`. Both returned edges are points where a decoder of the whole file
 * is between characters, so windows decode exactly as the whole file would.
 */
export function findWindowBounds(
  bytes: Uint8Array,
  windowStart: number,
  windowEnd: number,
): { start: number; end: number } {
  let start = windowStart;
  const lead = findUtf8BoundaryBefore(bytes, windowStart);
  if (lead < windowStart) {
    // The window opens inside a character begun before it: skip that character's tail.
    start = characterEnd(bytes, lead);
  }
  let end = windowEnd;
  // Trim only a character that really continues past the window; one cut short in the file is kept.
  if (end < bytes.length && isUtf8Continuation(bytes[end] as number))
    end = findUtf8BoundaryBefore(bytes, end);
  if (end > start) return { start, end };
  if (start > windowStart) return { start, end: start };
  // Only the start of one character fits (a limit of 1–3 bytes): widen to that character to make progress.
  return { start, end: characterEnd(bytes, start) };
}

/**
 * End of the character that starts at `index`: its lead byte's announced length, cut short at the first
 * byte that does not continue it (a sequence truncated in the file ends there, as a decoder's U+FFFD does).
 */
function characterEnd(bytes: Uint8Array, index: number): number {
  return Math.min(skipUtf8Continuation(bytes, index + 1), index + utf8SequenceLength(bytes[index] as number));
}
