import { isUtf8 } from 'node:buffer';
import { findUtf8BoundaryBefore } from '@pipeguard/shared';

/**
 * Length of the longest prefix of `bytes[0, end)` that is strict UTF-8, given that the whole range
 * is not: a bisection with the native `isUtf8`, each step validating only the bytes past the known
 * valid prefix, so the whole search reads about `end` bytes.
 */
export function findValidUtf8Prefix(bytes: Buffer, end: number): number {
  let valid = 0;
  let invalid = end;
  while (invalid - valid > 8) {
    // In valid UTF-8 the lead byte is at most 3 bytes back, so `cut` is a true character boundary.
    const cut = findUtf8BoundaryBefore(bytes, valid + ((invalid - valid) >> 1));
    if (isUtf8(bytes.subarray(valid, cut))) valid = cut;
    else invalid = cut;
  }
  for (let cut = invalid - 1; cut > valid; cut--) {
    if (isUtf8(bytes.subarray(valid, cut))) return cut;
  }
  return valid;
}
