import { pathToFileURL } from 'node:url';
import type * as PipelineModule from '@pipeguard/pipeline';

/**
 * `pnpm exec tsx bench/sessions-cpu.ts <pipeline dist, before> <pipeline dist, after> [rounds] [seconds]`: the
 * CPU this process spends (`process.cpuUsage`) on reads of a chatty command against one `run()` keeping the
 * same output, for two builds alternated round by round; the ratio of minima and of medians. `python3`: a command
 * printing 1 MB/s for `seconds`, read every 100 ms in real time (issue 39's case); `cat`: 4 MB read each
 * 100 kB, found by `waitFor` a line marking it (the sessions bench's chatty group, in CPU rather than wall
 * time). Fair: run() keeps it all (`maxBytes` of its size) and each read's 100 kB is within start()'s 1 MiB.
 */
const [BEFORE, AFTER] = process.argv.slice(2);
if (BEFORE === undefined || AFTER === undefined)
  throw new Error('usage: sessions-cpu.ts <pipeline dist index.js, before> <…, after> [rounds] [seconds]');
const ROUNDS = Number(process.argv[4] ?? 8);
const SECONDS = Number(process.argv[5] ?? 3);
const MARK = 'marks 100 kB';
type Pipeline = typeof PipelineModule;

const load = async (path: string) => (await import(pathToFileURL(path).href)) as Pipeline;
const builds = { before: await load(BEFORE), after: await load(AFTER) };
const line = 'INFO 2026-12-06T21:00:00Z worker 7 processed item 123456 in 12 ms (queue depth 3)\n';
const mark = `---- ${MARK} ----\n`;
const block = line.repeat(Math.ceil(100_000 / line.length)).slice(0, 100_000 - mark.length) + mark;
const whole = Buffer.from(block.repeat(40));
const script = `import sys, time\nline = b"x" * 99 + b"\\n"\nfor _ in range(${SECONDS * 10}):\n    sys.stdout.buffer.write(line * 1000); sys.stdout.flush(); time.sleep(0.1)`;

async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const cases = {
  'python3 run()': (lib: Pipeline) => lib.run('python3', ['-c', script], { maxBytes: SECONDS * 1_000_000 }),
  'python3 reads': async (lib: Pipeline) => {
    const command = lib.start('python3', ['-c', script], { endInput: true });
    const timer = setInterval(() => void command.read(), 100);
    await command.result;
    clearInterval(timer);
  },
  'cat run()': (lib: Pipeline) => lib.run('cat', [], { input: whole, maxBytes: whole.length }),
  'cat reads': async (lib: Pipeline) => {
    const cat = lib.start('cat', [], { input: whole, endInput: true });
    while ((await cat.waitFor({ match: MARK, exit: true }, { timeoutMs: 60_000 })).running);
  },
};
const times = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  for (const build of order)
    for (const [name, work] of Object.entries(cases)) {
      const key = `${build} ${name}`;
      times.set(key, [...(times.get(key) ?? []), await cpuMs(() => work(builds[build]))]);
    }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1] as number;
for (const [key, values] of times)
  console.log(
    `${key}: median ${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`,
  );
// The minimum is what the work costs when nothing else takes the core's caches: the steadier figure on a
// shared machine (the rounds spread ±40 % under load); the ratio of medians is given beside it.
for (const build of ['before', 'after'])
  for (const command of ['python3', 'cat']) {
    const reads = times.get(`${build} ${command} reads`) ?? [];
    const once = times.get(`${build} ${command} run()`) ?? [];
    const minima = Math.min(...reads) / Math.min(...once);
    const medians = median(reads) / median(once);
    console.log(
      `${build}: ${command} reads / run() = ${minima.toFixed(2)}× of minima, ${medians.toFixed(2)}× of medians (issue 39: ≤ 1.3×)`,
    );
  }
