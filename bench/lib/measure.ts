import type { Group } from './question';

/** Timings and correctness of one contender over one group's input. */
export interface ContenderTimings {
  name: string;
  /** Milliseconds of each measured run, in run order. */
  runsMs: number[];
  /** `'ok'`, the contender's own verdict, or `'not checked'`. */
  correctness: string;
}

/**
 * Runs one warm-up per contender (whose output is verified), then `runs` rounds in which every
 * contender runs once, in an order that alternates, so drift hits all of them alike.
 */
export async function measureGroup<I>(group: Group<I>, input: I, runs: number): Promise<ContenderTimings[]> {
  const results = group.contenders.map((contender) => ({
    name: contender.name,
    runsMs: [] as number[],
    correctness: 'not checked',
  }));
  for (const [index, contender] of group.contenders.entries()) {
    const output = await contender.run(input);
    if (contender.verify) (results[index] as ContenderTimings).correctness = contender.verify(output, input);
  }
  for (let round = 0; round < runs; round++) {
    const order = group.contenders.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const started = performance.now();
      await (group.contenders[index] as Group<I>['contenders'][number]).run(input);
      (results[index] as ContenderTimings).runsMs.push(performance.now() - started);
    }
  }
  return results;
}

/** The value below which a `fraction` of a non-empty list lies, interpolating between neighbours. */
export function quantile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return (
    (sorted[below] as number) + ((sorted[above] as number) - (sorted[below] as number)) * (position - below)
  );
}

/**
 * The baseline's time divided by the contender's in each round. The two ran back to back, so a
 * change in the machine's speed between rounds (on the 2-vCPU VM the benchmarks were written on, a
 * run can take 20 % longer than the one before it) cancels within a pair instead of widening the
 * spread of either median.
 */
export function pairedRatios(baselineRunsMs: readonly number[], runsMs: readonly number[]): number[] {
  return runsMs.map((ms, round) => (baselineRunsMs[round] ?? Number.NaN) / ms);
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
