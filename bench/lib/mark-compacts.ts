import { constants, type NodeGCPerformanceDetail, PerformanceObserver } from 'node:perf_hooks';

/**
 * Counts this process's mark-compacts from now on; the returned function reads the count, after yielding once:
 * the collector's entries arrive a task after each collection.
 */
export function countMarkCompacts(): () => Promise<number> {
  let count = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: NodeGCPerformanceDetail }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
    }
  }).observe({ entryTypes: ['gc'] });
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return count;
  };
}
