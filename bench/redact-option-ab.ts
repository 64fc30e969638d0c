import { type ChildProcess, fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as PipelineModule from '@pipeguard/pipeline';
import { cleanText } from './lib/clean-text';
import { countMarkCompacts } from './lib/mark-compacts';
import { removeTempFile, writeTempFile } from './lib/temp-file';

/**
 * `pnpm exec tsx bench/redact-option-ab.ts <rounds> <checkout>...`: the redact-option question
 * (`pipeline()` with `redact: true` against the same pipeline without it, on secret-free `git log -p` read
 * from a 64 MiB file) for several built checkouts, every contender of every build alternated (the order
 * rotated each round). Prints, per group and build, the median CPU time (user + system, every thread:
 * steadier than wall time on a shared machine) of each contender, the median over rounds of the ratio
 * (time without redact / time with it: the target is ≥ 0.9×) and the mark-compacts each contender paid.
 *
 * Each build is measured in a process of its own, this file compiled (esbuild, `bench/.tmp/`) under plain
 * `node` (`--expose-gc` only to report its live heap). Under tsx, with the redactor bench's peers loaded or
 * with two builds in one process, the measuring process held 9–12 MB, past V8's 8 MB incremental-marking
 * threshold: there a 64 MiB file's buffers start mark-compacts that cost more than the pipeline
 * (bench/results/2026-12-07g-redact-default8.md).
 */
// Not from ./lib/inputs: it loads readable-stream, which in a build's process would be one more copy for a
// build outside this checkout and shared for this one's, 0.4 MB of heap on one side only.
const MiB = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const FILE_BYTES = 64 * MiB;
type Options = Parameters<typeof PipelineModule.pipeline>[1];
const GROUPS: [string, Options][] = [
  ['default options (1 MiB kept)', {}],
  ['maxBytes: null (every byte kept)', { maxBytes: null }],
  ["profile: 'agent'", { profile: 'agent' }],
];

/** What the parent asks a build's process: one run of a group's options, with or without redact. */
interface Request {
  group: number;
  redact: boolean;
}

/** What a build's process answers: the run's CPU time and the mark-compacts during it. */
interface Timed {
  ms: number;
  markCompacts: number;
}

/** A build's process: loads the checkout's built pipeline and times the runs it is asked for. */
async function serveBuild(root: string, path: string, bytes: number): Promise<void> {
  const url = pathToFileURL(resolve(root, 'packages/pipeline/dist/index.js')).href;
  const { pipeline } = (await import(url)) as typeof PipelineModule;
  const readMarkCompacts = countMarkCompacts();
  const timeOne = async ({ group, redact }: Request): Promise<Timed> => {
    const compactsBefore = await readMarkCompacts();
    const before = process.cpuUsage();
    const options = { ...(GROUPS[group] as [string, Options])[1], redact };
    const capture = await pipeline(createReadStream(path, { highWaterMark: CHUNK_BYTES }), options);
    const used = process.cpuUsage(before);
    if (capture.bytes !== bytes) throw new Error(`${root}: read ${capture.bytes} of ${bytes}`);
    if ((capture.redactions ?? 0) !== 0) throw new Error(`${root}: redactions in secret-free text`);
    return {
      ms: (used.user + used.system) / 1000,
      markCompacts: (await readMarkCompacts()) - compactsBefore,
    };
  };
  process.on('message', (request: Request) => {
    timeOne(request).then(
      (timed) => process.send?.(timed),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  // Collected once to report the live heap, not before each run: a run after a forced collection pays
  // ~170 ms (three times the pipeline) to grow the heap back, the same for both contenders.
  (globalThis.gc as () => void)();
  process.send?.({ ms: 0, markCompacts: 0, heapMB: process.memoryUsage().heapUsed / 1e6 });
}

/** The next answer of a build's process. */
const answer = <T>(child: ChildProcess): Promise<T> =>
  new Promise((resolveAnswer, reject) => {
    const exited = (code: number | null) => reject(new Error(`a build's process exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolveAnswer(message as T);
    });
  });

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main(): Promise<void> {
  const [roundsArg, ...rootArgs] = process.argv.slice(2);
  const rounds = Number(roundsArg ?? 5);
  const roots = rootArgs.length > 0 ? rootArgs : ['.'];
  const benchDir = fileURLToPath(new URL('.', import.meta.url));
  const compiled = resolve(benchDir, '.tmp', 'redact-option-ab.mjs');
  // Not a static import: a build's process must not load esbuild.
  const compilerUrl = pathToFileURL(resolve(benchDir, 'lib', 'compile-question.ts')).href;
  const { compileQuestion } = (await import(compilerUrl)) as typeof import('./lib/compile-question');
  await compileQuestion(fileURLToPath(import.meta.url), compiled, resolve(benchDir, 'tsconfig.run.json'));
  const input = await writeTempFile('git-log-p.txt', cleanText(), FILE_BYTES);
  const builds = roots.map((root) => ({
    root,
    child: fork(compiled, [], {
      execArgv: ['--expose-gc'],
      env: {
        ...process.env,
        REDACT_AB_ROOT: root,
        REDACT_AB_INPUT: input.path,
        REDACT_AB_BYTES: `${input.bytes}`,
      },
    }),
  }));
  try {
    const heaps = await Promise.all(builds.map(({ child }) => answer<{ heapMB: number }>(child)));
    const heapList = heaps.map(({ heapMB }) => `${heapMB.toFixed(1)} MB`).join(', ');
    console.log(`node ${process.version}, ${FILE_BYTES / MiB} MiB, ${rounds} rounds, heaps ${heapList}`);
    for (const [group, [name]] of GROUPS.entries()) {
      const runs = builds.flatMap((build) =>
        [false, true].map((redact) => ({ build, redact, times: [] as number[], markCompacts: 0 })),
      );
      const timeRun = (run: (typeof runs)[number]): Promise<Timed> => {
        const reply = answer<Timed>(run.build.child);
        run.build.child.send({ group, redact: run.redact } satisfies Request);
        return reply;
      };
      // One untimed pass of each, so that no contender pays the JIT's warm-up alone.
      for (const run of runs) await timeRun(run);
      for (let round = 0; round < rounds; round++) {
        for (let index = 0; index < runs.length; index++) {
          const run = runs[(index + round) % runs.length] as (typeof runs)[number];
          const timed = await timeRun(run);
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
    for (const { child } of builds) child.kill();
    await removeTempFile(input);
  }
}

const { REDACT_AB_ROOT, REDACT_AB_INPUT, REDACT_AB_BYTES } = process.env;
if (REDACT_AB_ROOT !== undefined && REDACT_AB_INPUT !== undefined)
  await serveBuild(REDACT_AB_ROOT, REDACT_AB_INPUT, Number(REDACT_AB_BYTES));
else await main();
