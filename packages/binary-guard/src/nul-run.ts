import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';

/**
 * Consecutive NULs from which a run counts as padding, not delimiters. Measured: `find / -print0`,
 * `git ls-files -z`, `env -0` and `/proc/*\/cmdline` never hold two in a row, `find -printf '%p\0%l\0'`
 * (an empty field) two, three empty fields in a row four; `tar cf -` pads with runs of 28 and more,
 * and `/dev/zero`, sparse and preallocated files with whole pages. 8 leaves room on both sides.
 */
export const NUL_RUN_BYTES = 8;

/** How many of the bytes at `bytes[at]` onwards (at most `limit`) are NUL. */
function countNulsFrom(bytes: Uint8Array, at: number, limit: number): number {
  let end = at;
  while (end < bytes.length && end - at < limit && bytes[end] === 0) end++;
  return end - at;
}

/**
 * Start, counted from the start of `carried`, of the first run of {@link NUL_RUN_BYTES} NULs in
 * `carried + next` that ends in `next` and starts before `next[end]`, else -1. The carried bytes were
 * searched when they were new, so only the NULs that end them are counted again. Finds each NUL with
 * `ops.indexOf` (native in Node); stopping at `end` (where the run breaks anyway) keeps a long chunk's re-scans
 * after each legacy window linear.
 */
export function findNulRun(
  carried: Uint8Array,
  next: Uint8Array,
  end: number,
  ops: ByteOps = portableByteOps,
): number {
  let trailing = 0;
  while (
    trailing < NUL_RUN_BYTES &&
    trailing < carried.length &&
    carried[carried.length - 1 - trailing] === 0
  )
    trailing++;
  let at = 0;
  if (trailing > 0) {
    at = countNulsFrom(next, 0, NUL_RUN_BYTES - trailing);
    if (trailing + at >= NUL_RUN_BYTES) return carried.length - trailing;
  }
  const searched = next.subarray(0, Math.max(0, end));
  for (let nul = ops.indexOf(searched, 0, at); nul !== -1; nul = ops.indexOf(searched, 0, at)) {
    const run = countNulsFrom(next, nul, NUL_RUN_BYTES);
    if (run >= NUL_RUN_BYTES) return carried.length + nul;
    at = nul + run;
  }
  return -1;
}
