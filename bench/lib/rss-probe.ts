import { loadQuestion } from './load-question';

/**
 * Child entry: runs one contender once, alone in this process, and prints how far its peak RSS
 * rose above the RSS after setup (MiB), so inputs held in memory are not charged to it.
 */
async function main(): Promise<void> {
  const [file, groupIndex, contenderIndex, mode] = process.argv.slice(2) as [string, string, string, string];
  const question = await loadQuestion(file);
  const group = question.groups[Number(groupIndex)];
  const contender = group?.contenders[Number(contenderIndex)];
  if (!group || !contender) throw new RangeError(`no contender ${groupIndex}/${contenderIndex} in ${file}`);
  const input = await group.setup({ quick: mode === '--quick' });
  try {
    const before = process.resourceUsage().maxRSS;
    await contender.run(input);
    const after = process.resourceUsage().maxRSS;
    process.stdout.write(`${JSON.stringify({ peakRssGrowthMiB: (after - before) / 1024 })}\n`);
  } finally {
    await group.teardown?.(input);
  }
}

await main();
