import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `pnpm exec tsx bench/sessions-chain-cpu.ts <checkout, before> <checkout, after> [rounds]`: the CPU
 * (`process.cpuUsage`) of a session's reads without the process around them: a `CaptureChain` (each
 * checkout's `packages/pipeline/src`, its packages' builds) fed 4 MB of log lines in 64 KiB chunks with a
 * checkpoint each 100 kB, as `start()` reads, against one chain keeping it all, as `run()` does; two
 * builds alternated round by round, minima and medians. In-process, so a child's scheduling under load
 * is not in the figures (bench/sessions-cpu.ts measures the whole session).
 */
const [BEFORE, AFTER] = process.argv.slice(2);
if (BEFORE === undefined || AFTER === undefined)
  throw new Error('usage: sessions-chain-cpu.ts <checkout, before> <checkout, after> [rounds]');
const ROUNDS = Number(process.argv[4] ?? 60);

interface Chain {
  write(chunk: Uint8Array): void;
  checkpoint(): unknown;
  finish(): unknown;
}
interface Build {
  chain(parts: boolean, maxBytes: number): Chain;
}

async function load(root: string): Promise<Build> {
  const src = (file: string) => pathToFileURL(resolve(root, 'packages/pipeline/src/preset', file)).href;
  const { CaptureChain } = await import(src('capture-chain.ts'));
  const { NODE_CHAIN_TOOLS } = await import(src('node-chain-tools.ts'));
  const keys = (await import(src('option-table.ts'))).optionKeysOf('pipeline');
  return {
    chain: (parts, maxBytes) =>
      new CaptureChain(parts ? {} : { maxBytes }, keys, NODE_CHAIN_TOOLS, { checkpoints: parts }),
  };
}

const builds = { before: await load(BEFORE), after: await load(AFTER) };
const line = 'INFO 2026-12-06T21:00:00Z worker 7 processed item 123456 in 12 ms (queue depth 3)\n';
const whole = Buffer.from(line.repeat(Math.ceil(4_000_000 / line.length)));
const chunks: Buffer[] = [];
for (let at = 0; at < whole.length; at += 65_536) chunks.push(whole.subarray(at, at + 65_536));

/** One stream through a chain: read each 100 kB (`parts`), or once at the end keeping it all. */
function stream(build: Build, parts: boolean): void {
  const chain = build.chain(parts, whole.length);
  let unread = 0;
  for (const chunk of chunks) {
    chain.write(chunk);
    unread += chunk.length;
    if (parts && unread >= 100_000) {
      chain.checkpoint();
      unread = 0;
    }
  }
  chain.finish();
}

function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const times = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  for (const build of order)
    for (const parts of [true, false]) {
      const key = `${build} ${parts ? 'reads' : 'once'}`;
      times.set(key, [...(times.get(key) ?? []), cpuMs(() => stream(builds[build], parts))]);
    }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1] as number;
for (const [key, values] of times)
  console.log(`${key}: minimum ${Math.min(...values).toFixed(2)} ms, median ${median(values).toFixed(2)} ms`);
for (const build of ['before', 'after']) {
  const reads = times.get(`${build} reads`) ?? [];
  const once = times.get(`${build} once`) ?? [];
  console.log(
    `${build}: reads / once = ${(Math.min(...reads) / Math.min(...once)).toFixed(2)}× of minima, ${(median(reads) / median(once)).toFixed(2)}× of medians`,
  );
}
