import { type ByteOps, countControlBytes, portableByteOps } from '@pipeguard/shared/core';

const ESC = 0x1b;
const BEL = 0x07;
const OSC_INTRODUCER = 0x5d; // `]`

/**
 * Whether `bytes[at]` is the ESC of an escape sequence: followed by printable ASCII, which covers
 * CSI `ESC [ … final`, OSC `ESC ] …`, ST `ESC \` and every two-byte `ESC x`.
 */
export function opensEscapeSequence(bytes: Uint8Array, at: number): boolean {
  const next = bytes[at + 1];
  return bytes[at] === ESC && next !== undefined && next >= 0x20 && next <= 0x7e;
}

/**
 * Counts the control bytes that belong to escape sequences: each sequence's ESC, plus the BEL
 * ending an OSC. An OSC ends at its first control byte, so a stray `ESC ]` in binary hides nothing.
 */
export function countEscapeControls(bytes: Uint8Array, ops: ByteOps = portableByteOps): number {
  let count = 0;
  for (let at = ops.indexOf(bytes, ESC, 0); at !== -1; at = ops.indexOf(bytes, ESC, at + 1)) {
    if (!opensEscapeSequence(bytes, at)) continue;
    count++;
    if (bytes[at + 1] !== OSC_INTRODUCER) continue;
    let end = at + 2;
    while (end < bytes.length && (bytes[end] as number) >= 0x20 && bytes[end] !== 0x7f) end++;
    if (bytes[end] === BEL) count++;
  }
  return count;
}

/**
 * Share of control bytes (C0 except tab, LF and CR, plus DEL; never 0x80–0x9F) in `bytes`, with
 * escape sequences skipped so ANSI-coloured legacy text is not mistaken for binary.
 */
export function measureControlShare(bytes: Uint8Array, ops: ByteOps = portableByteOps): number {
  if (bytes.length === 0) return 0;
  return (countControlBytes(bytes) - countEscapeControls(bytes, ops)) / bytes.length;
}
