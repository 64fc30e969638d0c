/** One contender of a group: runs once over the group's input per measurement. */
export interface Contender<I> {
  name: string;
  /** The timed work; its result goes to `verify`. */
  run: (input: I) => unknown;
  /** Correctness of one run's result: `'ok'`, or a few words on what is wrong. Not timed. */
  verify?: (output: unknown, input: I) => string;
}

/** A ratio the issue asks for: contender throughput / baseline throughput ≥ `minRatio`. */
export interface Target {
  contender: string;
  minRatio: number;
  /** What limits the contender, from a profile: printed in the report when the target is missed. */
  limitedBy?: string;
}

/** One input and the contenders measured on it, interleaved, against a baseline. */
export interface Group<I = unknown> {
  name: string;
  /** Builds the input once, outside the timed code; `quick` asks for a small input (CI). */
  setup: (options: { quick: boolean }) => I | Promise<I>;
  teardown?: (input: I) => void | Promise<void>;
  /** Bytes one run processes, for MB/s. */
  bytes: (input: I) => number;
  /** Name of the contender every ratio is measured against. */
  baseline: string;
  contenders: Contender<I>[];
  targets?: Target[];
  /** Measured runs after one warm-up (default 5). */
  runs?: number;
}

/** One benchmark question: a file under bench/ default-exports one of these. */
export interface Question {
  id: string;
  title: string;
  // biome-ignore lint/suspicious/noExplicitAny: each group has its own input type
  groups: Group<any>[];
}

/** Typed identity helpers so each group's input type flows into its contenders. */
export function defineGroup<I>(group: Group<I>): Group<I> {
  return group;
}

export function defineQuestion(question: Question): Question {
  return question;
}
