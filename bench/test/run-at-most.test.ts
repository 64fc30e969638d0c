import { describe, expect, it } from 'vitest';
import { runAtMost } from '../lib/run-at-most';

/** A task the test ends by hand: `started` says whether it ran, `end` settles it. */
function handTask(value: number) {
  let settle: (outcome: { value: number } | { error: Error }) => void = () => {};
  const task = {
    started: false,
    run: () => {
      task.started = true;
      return new Promise<number>((resolve, reject) => {
        settle = (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value));
      });
    },
    end: () => settle({ value }),
    fail: () => settle({ error: new Error(`task ${value} failed`) }),
  };
  return task;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('runAtMost', () => {
  it('should run at most the limit at once, start the next as one ends, and keep the tasks’ order', async () => {
    const tasks = [0, 1, 2, 3].map(handTask);
    const all = runAtMost(
      2,
      tasks.map((task) => task.run),
    );
    await turn();
    expect(tasks.map((task) => task.started)).toEqual([true, true, false, false]);
    tasks[1]?.end();
    await turn();
    expect(tasks.map((task) => task.started)).toEqual([true, true, true, false]);
    tasks[2]?.end();
    await turn();
    tasks[3]?.end();
    tasks[0]?.end();
    expect(await all).toEqual([0, 1, 2, 3]);
  });

  it('should start nothing after a failure, and throw it once the running tasks have ended', async () => {
    const tasks = [0, 1, 2].map(handTask);
    let outcome: unknown = 'pending';
    const all = runAtMost(
      2,
      tasks.map((task) => task.run),
    ).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    void all.then((settled) => {
      outcome = settled;
    });
    await turn();
    tasks[0]?.fail();
    await turn();
    expect(tasks[2]?.started).toBe(false);
    expect(outcome).toBe('pending');
    tasks[1]?.end();
    expect(await all).toBe('task 0 failed');
    expect(tasks[2]?.started).toBe(false);
  });
});
