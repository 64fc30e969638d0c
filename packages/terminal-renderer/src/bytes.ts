const fillBytes = Uint8Array.prototype.fill;

/**
 * Copies `source[start, end)` into `target` at `at`. `Buffer#copy` and `subarray` allocate a view per
 * call, which a redraw of a few short runs per frame turns into most of the work (in the collector).
 */
export function copyBytes(
  source: Uint8Array,
  start: number,
  end: number,
  target: Uint8Array,
  at: number,
): void {
  if (end - start > 160) {
    target.set(source.subarray(start, end), at);
    return;
  }
  for (let index = start; index < end; index++) target[at + index - start] = source[index] as number;
}

/** Fills `target[start, end)` with `byte`, without `Buffer#fill`'s argument handling. */
export function fillWith(target: Uint8Array, byte: number, start: number, end: number): void {
  if (end > start) fillBytes.call(target, byte, start, end);
}

/**
 * A copy of `source[start, end)`. Not `slice`: on a Node Buffer (which a core is handed as a Uint8Array)
 * `slice` is a view of the same memory, which the writer may reuse.
 */
export function copyOf(source: Uint8Array, start: number, end: number): Uint8Array {
  const copy = new Uint8Array(end - start);
  copy.set(source.subarray(start, end));
  return copy;
}
