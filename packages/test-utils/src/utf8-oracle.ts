import { isUtf8 } from 'node:buffer';

/**
 * End of the longest prefix of `bytes[start, end)` that `isUtf8` accepts, found by trying every end:
 * a slow oracle for tests of the fast searches.
 */
export function longestUtf8Prefix(bytes: Uint8Array, start: number, end: number): number {
  let longest = start;
  for (let cut = start + 1; cut <= end; cut++) if (isUtf8(bytes.subarray(start, cut))) longest = cut;
  return longest;
}
