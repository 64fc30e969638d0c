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
    start = Math.min(
      skipUtf8Continuation(bytes, windowStart),
      lead + utf8SequenceLength(bytes[lead] as number),
    );
  }
  let end = windowEnd;
  // Trim only a character that really continues past the window; one cut short in the file is kept.
  if (end < bytes.length && isUtf8Continuation(bytes[end] as number))
    end = findUtf8BoundaryBefore(bytes, end);
  if (end > start) return { start, end };
  if (start > windowStart) return { start, end: start };
  // Only the start of one character fits (a limit of 1–3 bytes): widen to that character to make progress.
  const widened = Math.min(
    skipUtf8Continuation(bytes, start + 1),
    start + utf8SequenceLength(bytes[start] as number),
  );
  return { start, end: widened };
}
