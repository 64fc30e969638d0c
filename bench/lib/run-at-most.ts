/**
 * Runs `tasks` with at most `limit` of them pending at once, each started as another ends; resolves with
 * their results in the tasks' order. After a failure no task starts, and the first failure is thrown once
 * those already running have ended (a bench process is not left running behind a failed run).
 */
export async function runAtMost<T>(limit: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < tasks.length && !failed) {
      const index = next++;
      try {
        results[index] = await (tasks[index] as () => Promise<T>)();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = await Promise.allSettled(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  const failure = workers.find((worker): worker is PromiseRejectedResult => worker.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
