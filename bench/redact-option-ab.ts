import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as PipelineModule from '@pipeguard/pipeline';
import { CHUNK_BYTES, MiB } from './lib/inputs';
import { removeTempFile, writeTempFile } from './lib/temp-file';
import { cleanText } from './redacting.bench';

/**
 * `pnpm exec tsx bench/redact-option-ab.ts <rounds> <checkout>...`: the redact-option question
 * (`pipeline()` with `redact: true` against the same pipeline without it, on secret-free `git log -p` read
 * from a 64 MiB file) for several built checkouts in one process, every contender of every build
 * alternated (the order rotated each round). Prints, per group and build, the median CPU time (user +
 * system, every thread: steadier than wall time on a shared machine) of each contender and the median
 * over rounds of the ratio (time without redact / time with it: the target is ≥ 0.9×).
 */
const [ROUNDS_ARG, ...ROOTS] = process.argv.slice(2);
const ROUNDS = Number(ROUNDS_ARG ?? 5);
const FILE_BYTES = 64 * MiB;
type Options = Parameters<typeof PipelineModule.pipeline>[1];
const GROUPS: [string, Options][] = [
  ['default options (1 MiB kept)', {}],
  ['maxBytes: null (every byte kept)', { maxBytes: null }],
  ["profile: 'agent'", { profile: 'agent' }],
];

interface Build {
  root: string;
  pipeline: typeof PipelineModule.pipeline;
}

async function timeOne(build: Build, path: string, options: Options, bytes: number): Promise<number> {
  const before = process.cpuUsage();
  const capture = await build.pipeline(createReadStream(path, { highWaterMark: CHUNK_BYTES }), options);
  const used = process.cpuUsage(before);
  if (capture.bytes !== bytes) throw new Error(`${build.root}: read ${capture.bytes} of ${bytes}`);
  if ((capture.redactions ?? 0) !== 0) throw new Error(`${build.root}: redactions in secret-free text`);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main(): Promise<void> {
  const roots = ROOTS.length > 0 ? ROOTS : ['.'];
  const builds: Build[] = [];
  for (const root of roots) {
    const url = pathToFileURL(resolve(root, 'packages/pipeline/dist/index.js')).href;
    builds.push({ root, pipeline: ((await import(url)) as typeof PipelineModule).pipeline });
  }
  const input = await writeTempFile('git-log-p.txt', cleanText(), FILE_BYTES);
  try {
    console.log(`node ${process.version}, ${FILE_BYTES / MiB} MiB, ${ROUNDS} rounds`);
    for (const [name, options] of GROUPS) {
      const runs = builds.flatMap((build) =>
        [false, true].map((redact) => ({ build, redact, times: [] as number[] })),
      );
      // One untimed pass of each, so that no contender pays the JIT's warm-up alone.
      for (const run of runs)
        await timeOne(run.build, input.path, { ...options, redact: run.redact }, input.bytes);
      for (let round = 0; round < ROUNDS; round++) {
        for (let index = 0; index < runs.length; index++) {
          const run = runs[(index + round) % runs.length] as (typeof runs)[number];
          run.times.push(
            await timeOne(run.build, input.path, { ...options, redact: run.redact }, input.bytes),
          );
        }
      }
      console.log(`\n${name}`);
      for (const build of builds) {
        const [off, on] = runs.filter((run) => run.build === build) as [
          (typeof runs)[number],
          (typeof runs)[number],
        ];
        const ratios = off.times.map((time, round) => time / (on.times[round] as number));
        console.log(
          `  ${build.root}: without ${median(off.times).toFixed(0)} ms, with ${median(on.times).toFixed(0)} ms CPU; ` +
            `ratio ${median(ratios).toFixed(2)}× (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})`,
        );
      }
    }
  } finally {
    await removeTempFile(input);
  }
}

await main();
