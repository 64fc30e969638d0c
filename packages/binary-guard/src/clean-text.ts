import {
  type ByteOps,
  concatBytes,
  findControlByte,
  findUtf8BoundaryBefore,
  isControlByte,
  portableByteOps,
  skipUtf8Continuation,
  wellFormedPrefixEnd,
} from '@pipeguard/shared/core';
import { opensEscapeSequence } from './control-share';

/**
 * Whether `pieces` (one window of a withheld run, in order) hold a control byte that opens no escape
 * sequence. An ESC that ends a piece is judged by the next piece's first byte; one that ends the
 * window is a control byte, so the verdict never depends on how the window was cut into chunks.
 */
export function hasControlByte(pieces: readonly Uint8Array[]): boolean {
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!;
    for (let at = findControlByte(piece, 0, piece.length, opensEscapeSequence); at < piece.length; ) {
      const next = pieces[index + 1]?.[0];
      const escapes = at === piece.length - 1 && next !== undefined && next >= 0x20 && next <= 0x7e;
      if (!escapes || piece[at] !== 0x1b) return true;
      at = findControlByte(piece, at + 1, piece.length, opensEscapeSequence);
    }
  }
  return false;
}

/**
 * Whether a window of a withheld run is clean text: no control byte and, unless `legacy`, strict
 * UTF-8 (a character that the window's edges cut is not held against it).
 */
export function isCleanWindow(
  pieces: readonly Uint8Array[],
  legacy: boolean,
  ops: ByteOps = portableByteOps,
): boolean {
  if (hasControlByte(pieces)) return false;
  if (legacy) return true;
  return isUtf8Inside(pieces, ops);
}

/** Whether the pieces, joined, are strict UTF-8 but for a character their edges cut. */
export function isUtf8Inside(pieces: readonly Uint8Array[], ops: ByteOps): boolean {
  const bytes = pieces.length === 1 ? pieces[0]! : concatBytes(ops, pieces);
  return ops.isUtf8(
    bytes.subarray(skipUtf8Continuation(bytes, 0), findUtf8BoundaryBefore(bytes, bytes.length)),
  );
}

/**
 * Start of the clean text that ends `bytes`: after the last control byte and, unless `legacy`, after
 * the last byte that is not strict UTF-8; `bytes.length` when there is none. With `openEnd` the bytes
 * go on after their end (a window whose last character the next bytes finish), so a character cut
 * there does not count against the text; at the end of a stream it does.
 */
export function findCleanTailStart(
  bytes: Uint8Array,
  legacy: boolean,
  openEnd = false,
  ops: ByteOps = portableByteOps,
): number {
  let start = bytes.length;
  while (start > 0 && !isDirtyAt(bytes, start - 1)) start--;
  const end = openEnd ? Math.max(start, findUtf8BoundaryBefore(bytes, bytes.length)) : bytes.length;
  if (legacy || ops.isUtf8(bytes.subarray(start, end))) return start;
  // Strict UTF-8 resynchronises at a character start, so the first restart that reaches the end wins.
  // Strict UTF-8 decodes in step from any earlier start, so a walk that fails at `stop` rules out every
  // start up to `stop`: each byte is walked once.
  let from = start;
  for (let stop = wellFormedPrefixEnd(bytes, from, end); stop < end; ) {
    from = stop + 1;
    stop = wellFormedPrefixEnd(bytes, from, end);
  }
  return from;
}

/** Whether the byte at `at` is a control byte that opens no escape sequence (`bytes[at + 1]` decides an ESC). */
export function isDirtyAt(bytes: Uint8Array, at: number): boolean {
  return isControlByte(bytes[at] as number) && !opensEscapeSequence(bytes, at);
}

/**
 * Shortest clean tail that passes at the end of a stream without ending a line, in bytes (UTF-8,
 * legacy). Random bytes end in a clean tail this long about as often as they end in a line feed
 * (measured over 100 000 samples of 2000 random bytes: 0.45 % and 0.46 %, against 0.35 % that end in
 * LF), while structured binaries end on bytes that are never clean (no ELF, gzip, PNG, zip, jar or
 * shared library among 300 on this machine ended in a single clean byte).
 */
export const UNTERMINATED_TAIL_MIN_BYTES = { utf8: 7, legacy: 44 } as const;

/** Whether `tail`, the clean text that ends a stream after binary, passes: it ends a line or is long enough. */
export function endsCleanText(tail: Uint8Array, legacy: boolean): boolean {
  if (tail.length === 0) return false;
  if (tail[tail.length - 1] === 0x0a) return true;
  return tail.length >= UNTERMINATED_TAIL_MIN_BYTES[legacy ? 'legacy' : 'utf8'];
}
