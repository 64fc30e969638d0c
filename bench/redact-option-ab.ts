import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as PipelineModule from '@pipeguard/pipeline';
import { cleanText } from './lib/clean-text';
import { CHUNK_BYTES, MiB } from './lib/inputs';
import { countMarkCompacts } from './lib/mark-compacts';
import { removeTempFile, writeTempFile } from './lib/temp-file';

/**
 * `pnpm exec tsx bench/redact-option-ab.ts <rounds> <checkout>...`: the redact-option question
 * (`pipeline()` with `redact: true` against the same pipeline without it, on secret-free `git log -p` read
 * from a 64 MiB file) for several built checkouts in one process, every contender of every build
 * alternated (the order rotated each round). Prints, per group and build, the median CPU time (user +
 * system, every thread: steadier than wall time on a shared machine) of each contender and the median
 * over rounds of the ratio (time without redact / time with it: the target is ≥ 0.9×), with the
 * mark-compacts each contender's runs paid.
 *
 * It measures itself compiled (esbuild, `bench/.tmp/`) under plain `node --expose-gc`: under tsx's loader,
 * and with the redactor bench's peers loaded, the process held 9–12 MB, past V8's 8 MB incremental-marking
 * threshold, where a file stream's buffers start mark-compacts that fall on whichever run comes next
 * (bench/results/2026-12-07g-redact-default8.md). Each timed run starts from a collected heap, so that no
 * contender pays for the garbage the one before it left.
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

const collect = globalThis.gc as (() => void) | undefined;
const readMarkCompacts = countMarkCompacts();

interface Timed {
  ms: number;
  markCompacts: number;
}

async function timeOne(build: Build, path: string, options: Options, bytes: number): Promise<Timed> {
  collect?.();
  const compactsBefore = await readMarkCompacts();
  const before = process.cpuUsage();
  const capture = await build.pipeline(createReadStream(path, { highWaterMark: CHUNK_BYTES }), options);
  const used = process.cpuUsage(before);
  if (capture.bytes !== bytes) throw new Error(`${build.root}: read ${capture.bytes} of ${bytes}`);
  if ((capture.redactions ?? 0) !== 0) throw new Error(`${build.root}: redactions in secret-free text`);
  const markCompacts = (await readMarkCompacts()) - compactsBefore;
  return { ms: (used.user + used.system) / 1000, markCompacts };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Compiles this file into `bench/.tmp/` and runs it under plain `node --expose-gc`, with the same arguments. */
async function runCompiled(): Promise<number> {
  const benchDir = fileURLToPath(new URL('.', import.meta.url));
  const compiled = resolve(benchDir, '.tmp', 'redact-option-ab.mjs');
  // Not a static import: the compiled measurer must not load esbuild.
  const compilerPath = pathToFileURL(resolve(benchDir, 'lib', 'compile-question.ts')).href;
  const { compileQuestion } = (await import(compilerPath)) as typeof import('./lib/compile-question');
  await compileQuestion(fileURLToPath(import.meta.url), compiled, resolve(benchDir, 'tsconfig.run.json'));
  const child = spawnSync(process.execPath, ['--expose-gc', compiled, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  return child.status ?? 1;
}

async function main(): Promise<void> {
  const roots = ROOTS.length > 0 ? ROOTS : ['.'];
  const builds: Build[] = [];
  for (const root of roots) {
    const url = pathToFileURL(resolve(root, 'packages/pipeline/dist/index.js')).href;
    builds.push({ root, pipeline: ((await import(url)) as typeof PipelineModule).pipeline });
  }
  const input = await writeTempFile('git-log-p.txt', cleanText(), FILE_BYTES);
  collect?.();
  const heapMB = (process.memoryUsage().heapUsed / 1e6).toFixed(1);
  try {
    console.log(`node ${process.version}, ${FILE_BYTES / MiB} MiB, ${ROUNDS} rounds, heap ${heapMB} MB`);
    for (const [name, options] of GROUPS) {
      const runs = builds.flatMap((build) =>
        [false, true].map((redact) => ({ build, redact, times: [] as number[], markCompacts: 0 })),
      );
      // One untimed pass of each, so that no contender pays the JIT's warm-up alone.
      for (const run of runs)
        await timeOne(run.build, input.path, { ...options, redact: run.redact }, input.bytes);
      for (let round = 0; round < ROUNDS; round++) {
        for (let index = 0; index < runs.length; index++) {
          const run = runs[(index + round) % runs.length] as (typeof runs)[number];
          const timed = await timeOne(run.build, input.path, { ...options, redact: run.redact }, input.bytes);
          run.times.push(timed.ms);
          run.markCompacts += timed.markCompacts;
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
            `ratio ${median(ratios).toFixed(2)}× (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}); ` +
            `mark-compacts ${off.markCompacts} and ${on.markCompacts}`,
        );
      }
    }
  } finally {
    await removeTempFile(input);
  }
}

if (typeof globalThis.gc === 'function') await main();
else process.exitCode = await runCompiled();
