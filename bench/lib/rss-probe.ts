import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadQuestion } from './load-question';

const SAMPLE_MS = 2;

/**
 * Child entry: runs one contender once, alone in this process, and prints how far its RSS rose
 * above the RSS right after setup and a full GC (MiB), sampled every 2 ms and read once more at
 * the end, so neither the input nor setup's transient peak is charged to it.
 */
async function main(): Promise<void> {
  const [file, groupIndex, contenderIndex, mode] = process.argv.slice(2) as [string, string, string, string];
  const question = await loadQuestion(file);
  const group = question.groups[Number(groupIndex)];
  const contender = group?.contenders[Number(contenderIndex)];
  if (!group || !contender) throw new RangeError(`no contender ${groupIndex}/${contenderIndex} in ${file}`);
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const input = await group.setup({ quick: mode === '--quick' });
  try {
    gc();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, SAMPLE_MS);
    await contender.run(input);
    peak = Math.max(peak, process.memoryUsage.rss());
    clearInterval(sampler);
    process.stdout.write(`${JSON.stringify({ peakRssGrowthMiB: (peak - before) / 2 ** 20 })}\n`);
  } finally {
    await group.teardown?.(input);
  }
}

await main();
