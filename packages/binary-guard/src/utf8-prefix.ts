import {
  type ByteOps,
  findUtf8BoundaryBefore,
  portableByteOps,
  wellFormedPrefixEnd,
} from '@pipeguard/shared/core';

/** The first block {@link findValidUtf8Prefix} validates: a chunk as files and pipes deliver it, in one call. */
const FIRST_BLOCK_BYTES = 64 * 1024;

/**
 * End of the longest strict-UTF-8 prefix of `bytes[start, end)`. Validates blocks that double from
 * `firstBlock` with `ops.isUtf8` (native in Node), then bisects inside the first block that fails down to a few
 * bytes, walked character by character, so it
 * reads about twice the valid prefix plus one block, however long the range: re-scanning what
 * follows a legacy window in a long chunk stays linear.
 */
export function findValidUtf8Prefix(
  bytes: Uint8Array,
  start: number,
  end: number,
  firstBlock = FIRST_BLOCK_BYTES,
  ops: ByteOps = portableByteOps,
): number {
  let valid = start;
  let invalid = end;
  for (let block = firstBlock; valid < end; block *= 2) {
    // Moves back at most 3 bytes, and in valid UTF-8 onto a true character boundary.
    const cut = valid + block >= end ? end : findUtf8BoundaryBefore(bytes, valid + block);
    const range = valid === 0 && cut === bytes.length ? bytes : bytes.subarray(valid, cut);
    if (!ops.isUtf8(range)) {
      invalid = cut;
      break;
    }
    valid = cut;
  }
  while (invalid - valid > 8) {
    const cut = findUtf8BoundaryBefore(bytes, valid + ((invalid - valid) >> 1));
    if (ops.isUtf8(bytes.subarray(valid, cut))) valid = cut;
    else invalid = cut;
  }
  return wellFormedPrefixEnd(bytes, valid, invalid);
}
