import { findUtf8BoundaryBefore } from '@pipeguard/shared/core';

/** Default byte cap on one line's content, for `readLines` and `LineClipper`. */
export const DEFAULT_MAX_LINE_BYTES = 2000;

/** One line cut at its byte cap: what was kept and exactly which raw bytes were left out. */
export interface LineClip {
  /** 1-based number of the line (`readLines`) or of the unit (`LineClipper`). */
  line: number;
  /** Bytes of the line's content, its terminator (LF, CRLF or bare CR) excluded. */
  lineBytes: number;
  /** Bytes kept: the cap, backed off to the start of a character it would cut. */
  keptBytes: number;
  /** Bytes left out: `lineBytes - keptBytes`. */
  omittedBytes: number;
  /** Raw byte offset of the first omitted byte: pass it as `offset` to `readBytesAsUtf8`. */
  omittedStart: number;
  /** Raw byte offset of the last omitted byte (inclusive). */
  omittedEnd: number;
}

/**
 * Clips a line's content to `maxLineBytes`, backing off to a UTF-8 character boundary. `head` holds at
 * least the first `min(lineBytes, maxLineBytes)` content bytes; `offset` is the raw offset of its first
 * byte. Returns `undefined` when the line fits.
 */
export function clipLine(
  head: Uint8Array,
  lineBytes: number,
  offset: number,
  maxLineBytes: number,
  line: number,
): LineClip | undefined {
  if (lineBytes <= maxLineBytes) return undefined;
  const keptBytes = findUtf8BoundaryBefore(head, maxLineBytes);
  return Object.freeze({
    line,
    lineBytes,
    keptBytes,
    omittedBytes: lineBytes - keptBytes,
    omittedStart: offset + keptBytes,
    omittedEnd: offset + lineBytes - 1,
  });
}

/**
 * The marker appended after a clipped line's kept content, e.g.
 * `…[+3000 bytes omitted, starting at byte offset 2000 up to and including byte offset 4999]`.
 * `ellipsis` lets a caller whose bytes a legacy decoder will read use ASCII `...` instead of U+2026.
 */
export function formatClipMarker(clip: LineClip, ellipsis = '…'): string {
  const unit = clip.omittedBytes === 1 ? 'byte' : 'bytes';
  return `${ellipsis}[+${clip.omittedBytes} ${unit} omitted, starting at byte offset ${clip.omittedStart} up to and including byte offset ${clip.omittedEnd}]`;
}
