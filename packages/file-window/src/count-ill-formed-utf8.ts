import { isUtf8 } from 'node:buffer';
import { findUtf8BoundaryBefore, wellFormedPrefixEnd } from '@pipeguard/shared';

// Blocks are validated natively; only a block that fails is walked character by character.
const BLOCK_BYTES = 4096;

/**
 * Counts the bytes that are part of no well-formed UTF-8 sequence (Unicode Table 3-7): stray
 * continuation bytes, bytes C0, C1 and F5–FF, and every byte of a truncated, overlong or surrogate
 * sequence. Each such byte is covered by a U+FFFD when the bytes are decoded.
 */
export function countIllFormedUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return 0;
  let invalid = 0;
  let start = 0;
  while (start < bytes.length) {
    // A cut where no announced sequence crosses leaves the decoder's state unchanged, so blocks add up.
    const end =
      start + BLOCK_BYTES >= bytes.length ? bytes.length : findUtf8BoundaryBefore(bytes, start + BLOCK_BYTES);
    const block = bytes.subarray(start, end);
    if (!isUtf8(block)) invalid += countIllFormedInBlock(block);
    start = end;
  }
  return invalid;
}

function countIllFormedInBlock(block: Uint8Array): number {
  let invalid = 0;
  // Each stop of the walk is one invalid byte. Stepping one byte past it is exact: a well-formed
  // sequence never starts on a continuation byte.
  for (
    let index = wellFormedPrefixEnd(block, 0, block.length);
    index < block.length;
    index = wellFormedPrefixEnd(block, index + 1, block.length)
  ) {
    invalid++;
  }
  return invalid;
}
