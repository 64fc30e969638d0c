/**
 * `bytes` with the runs a binary guard withheld cut out (`offset` and `bytes` of each, in order): what
 * the guard passes when it emits no placeholders.
 */
export function withoutRuns(bytes: Buffer, runs: readonly { offset: number; bytes: number }[]): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  for (const run of runs) {
    kept.push(bytes.subarray(at, run.offset));
    at = run.offset + run.bytes;
  }
  kept.push(bytes.subarray(at));
  return Buffer.concat(kept);
}
