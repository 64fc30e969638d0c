/**
 * Runs `tasks` with at most `limit` of them pending at once, each started as another ends; resolves with
 * their results in the tasks' order, or rejects with the first failure.
 */
export async function runAtMost<T>(limit: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
