/** One contender's line in the report. */
export interface ContenderResult {
  name: string;
  medianMBps: number;
  minMBps: number;
  maxMBps: number;
  /** Median over rounds of the baseline's time / this contender's time in the same round. */
  ratio: number;
  /** The same per-round ratios' first and third quartiles: how far the rounds disagreed. */
  ratioQuartiles: [number, number];
  /** This contender's median throughput / the baseline's: the estimate drift between rounds widens. */
  ratioOfMedians: number;
  /** Milliseconds of each measured run, in round order, so any other estimate can be recomputed. */
  runsMs: number[];
  /** Growth of the peak RSS over the RSS after setup, in a process of its own (MiB). */
  peakRssGrowthMiB: number | null;
  correctness: string;
}

export interface TargetResult {
  contender: string;
  minRatio: number;
  limitedBy?: string;
  /** The named contender's `ratio` (NaN when no contender has that name). */
  ratio: number;
  /** The named contender's `ratioQuartiles` and `ratioOfMedians`; absent when no contender has that name. */
  ratioQuartiles?: [number, number];
  ratioOfMedians?: number;
  met: boolean;
}

export interface GroupResult {
  name: string;
  baseline: string;
  inputBytes: number;
  contenders: ContenderResult[];
  targets: TargetResult[];
}

export interface QuestionResult {
  id: string;
  title: string;
  file: string;
  groups: GroupResult[];
}

export interface BenchReport {
  date: string;
  quick: boolean;
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  questions: QuestionResult[];
}
