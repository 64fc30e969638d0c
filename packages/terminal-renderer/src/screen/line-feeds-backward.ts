import type { ByteOps } from '@pipeguard/shared/core';

const LF = 0x0a;

/**
 * Fills `feeds` (emptied first) with the indexes of the last LFs of `source[floor, end)`, latest first, at
 * most `limit` of them, and returns it. A native search per line: a loop over the bytes in JavaScript
 * costs more than the calls for lines of any length.
 */
export function lineFeedsBackward(
  ops: ByteOps,
  source: Uint8Array,
  floor: number,
  end: number,
  limit: number,
  feeds: number[],
): number[] {
  // Written over in place and cut to length once: emptied and pushed into, the array gave up its backing
  // store and grew a new one on every call: the largest share (27 %) of the renderer's garbage on plain text.
  let count = 0;
  for (let at = end - 1; at >= floor && count < limit; ) {
    const lf = ops.lastIndexOf(source, LF, at);
    if (lf < floor) break;
    feeds[count++] = lf;
    at = lf - 1;
  }
  feeds.length = count;
  return feeds;
}
