import { constants, type NodeGCPerformanceDetail, PerformanceObserver } from 'node:perf_hooks';

/**
 * Counts this process's mark-compacts from now on; the returned function reads the count. The collector's
 * entries arrive a task after each collection, so read it after yielding once.
 */
export function countMarkCompacts(): () => number {
  let count = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: NodeGCPerformanceDetail }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
    }
  }).observe({ entryTypes: ['gc'] });
  return () => count;
}
