/** One contender's line in the report. */
export interface ContenderResult {
  name: string;
  medianMBps: number;
  minMBps: number;
  maxMBps: number;
  /** Median throughput / the baseline's median throughput, measured in the same run. */
  ratio: number;
  /** Growth of the peak RSS over the RSS after setup, in a process of its own (MiB). */
  peakRssGrowthMiB: number | null;
  correctness: string;
  runs: number;
}

export interface TargetResult {
  contender: string;
  minRatio: number;
  limitedBy?: string;
  ratio: number;
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
