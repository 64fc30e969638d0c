import { isUtf8 } from 'node:buffer';
import { findUtf8BoundaryBefore, isControlByte, utf8SequenceLength } from '@pipeguard/shared';
import { opensEscapeSequence } from './control-share';
import { findValidUtf8Prefix } from './utf8-prefix';

/** How far back from the first byte that is not UTF-8 a window may open at a control byte. */
export const LOOK_BACK_BYTES = 256;

/** What to do with the pending bytes while the stream is strict UTF-8. */
export interface RunStep {
  /** Bytes `[0, pass)` extend the UTF-8 run and pass now. */
  pass: number;
  /** Whether the bytes from `pass` on open a window (else they wait for more input). */
  window: boolean;
}

/** The first control byte in `bytes[start, end)` that opens no escape sequence, else `end`. */
function findControlByte(bytes: Buffer, start: number, end: number): number {
  for (let at = start; at < end; at++) {
    if (isControlByte(bytes[at] as number) && !opensEscapeSequence(bytes, at)) return at;
  }
  return end;
}

/**
 * Extends the strict-UTF-8 run with the pending `bytes` (`passedBefore` bytes of the stream already
 * passed). The first byte that is not UTF-8 opens a window, at the first control byte of the
 * {@link LOOK_BACK_BYTES} before it if there is one, or at the stream's start when that is within
 * its first {@link LOOK_BACK_BYTES}, so a binary's valid-looking header (ELF's `7F 45 4C 46 02 01 01 00`)
 * is withheld with the rest.
 * Until then everything before that would-be opening passes; the opening can only move forward as
 * the run grows, so what passed never needs taking back.
 */
export function scanRun(bytes: Buffer, final: boolean, passedBefore: number): RunStep {
  const end = findUtf8BoundaryBefore(bytes, bytes.length);
  const valid = isUtf8(bytes.subarray(0, end)) ? end : findValidUtf8Prefix(bytes, end);
  const broken = valid < end || (final && end < bytes.length);
  if (!broken && final) return { pass: bytes.length, window: false };
  const opening = findControlByte(bytes, Math.max(0, valid - LOOK_BACK_BYTES), valid);
  // The first bytes of a stream pass only once LOOK_BACK_BYTES of it are known to be text, so a
  // binary stream whose first few bytes happen to be valid UTF-8 shows only the placeholder.
  if (passedBefore + opening < LOOK_BACK_BYTES) return { pass: 0, window: broken };
  return { pass: opening, window: broken };
}

/**
 * The character that `head` (a chunk's incomplete last character, held back) and the first bytes
 * of the next chunk `body` make together, when they make a valid one; else `null`. It can pass on
 * its own, which spares copying the whole next chunk behind three bytes.
 */
export function completeCharacter(head: Buffer, body: Buffer): Buffer | null {
  const missing = utf8SequenceLength(head[0] as number) - head.length;
  if (head.length > 3 || missing <= 0 || body.length < missing) return null;
  const character = Buffer.concat([head, body.subarray(0, missing)]);
  return isUtf8(character) ? character : null;
}
