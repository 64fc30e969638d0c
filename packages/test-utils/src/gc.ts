import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Node's `gc()` without `--expose-gc` on the command line: the flag set at run time exposes it to
 * contexts created afterwards, so a new one hands it over. For tests that measure what stays alive.
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Array-buffer bytes two readings may differ by and still count as the same. */
const SETTLED_SLACK_BYTES = 64 * 1024;
const SETTLE_ATTEMPTS = 20;

/**
 * `process.memoryUsage()` once full collections stop freeing array buffers: V8 frees their memory on a
 * background thread after `gc()`, and on a loaded machine the reading right after it can still count
 * tens of MiB that are already garbage. Collects, waits a moment and reads, until two readings agree.
 */
export async function settledMemoryUsage(gc: () => void): Promise<NodeJS.MemoryUsage> {
  let last: NodeJS.MemoryUsage | null = null;
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const usage = process.memoryUsage();
    if (last !== null && Math.abs(usage.arrayBuffers - last.arrayBuffers) < SETTLED_SLACK_BYTES) return usage;
    last = usage;
  }
  return last as NodeJS.MemoryUsage;
}
