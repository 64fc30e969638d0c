import { writeFileSync } from 'node:fs';
import { loadQuestion } from './load-question';
import { countMarkCompacts } from './mark-compacts';
import { measureGroup, median, pairedRatios, quantile } from './measure';
import type { GroupResult, QuestionResult } from './results';

/** Child entry: measures every group of one bench file and writes its results as JSON. */
async function main(): Promise<void> {
  const [file, outFile, mode] = process.argv.slice(2) as [string, string, string];
  const quick = mode === '--quick';
  const question = await loadQuestion(file);
  const groups: GroupResult[] = [];
  // Mark-compacts while a group is measured, printed with it: a process marking all along (see
  // compile-question.ts) shows there.
  const markCompacts = countMarkCompacts();
  // PIPEGUARD_BENCH_GROUP=text: only the groups whose name contains it (one group of a question, say).
  const only = process.env['PIPEGUARD_BENCH_GROUP'];
  for (const group of question.groups) {
    if (only !== undefined && !group.name.includes(only)) continue;
    const input = await group.setup({ quick });
    try {
      const inputBytes = group.bytes(input);
      const markCompactsBefore = await markCompacts();
      // Quick mode checks that every contender runs (its warm-up, verified) and is timed, not its speed.
      const timings = await measureGroup(group, input, quick ? 1 : (group.runs ?? 5));
      const throughput = (ms: number) => inputBytes / 1e6 / (ms / 1000);
      const baselineRunsMs = timings.find((timing) => timing.name === group.baseline)?.runsMs ?? [];
      const contenders = timings.map((timing) => {
        const medianMs = median(timing.runsMs);
        const ratios = pairedRatios(baselineRunsMs, timing.runsMs);
        return {
          name: timing.name,
          medianMBps: throughput(medianMs),
          minMBps: throughput(Math.max(...timing.runsMs)),
          maxMBps: throughput(Math.min(...timing.runsMs)),
          ratio: median(ratios),
          ratioQuartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)] as [number, number],
          ratioOfMedians: median(baselineRunsMs) / medianMs,
          runsMs: timing.runsMs,
          peakRssGrowthMiB: null,
          correctness: timing.correctness,
        };
      });
      const targets = (group.targets ?? []).map((target) => {
        const measured = contenders.find((contender) => contender.name === target.contender);
        const ratio = measured?.ratio ?? Number.NaN;
        return {
          ...target,
          ratio,
          ...(measured && {
            ratioQuartiles: measured.ratioQuartiles,
            ratioOfMedians: measured.ratioOfMedians,
          }),
          met: ratio >= target.minRatio,
        };
      });
      const groupMarkCompacts = (await markCompacts()) - markCompactsBefore;
      groups.push({ name: group.name, baseline: group.baseline, inputBytes, contenders, targets });
      process.stderr.write(`  ${question.id} / ${group.name}: done (${groupMarkCompacts} mark-compacts)\n`);
    } finally {
      await group.teardown?.(input);
    }
  }
  const result: QuestionResult = { id: question.id, title: question.title, file, groups };
  writeFileSync(outFile, JSON.stringify(result));
}

await main();
