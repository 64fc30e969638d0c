import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileQuestion } from './lib/compile-question';
import { renderMarkdown, renderSvg } from './lib/report';
import type { BenchReport, QuestionResult } from './lib/results';
import { runAtMost } from './lib/run-at-most';

/**
 * `pnpm bench [--quick] [filter…]`: runs every bench/*.bench.ts (or those whose name contains a
 * filter) in a process of its own, compiled to JavaScript and run under plain `node` (see
 * compile-question.ts), probes each contender's peak RSS in another (in quick mode only each file's first
 * contender), and writes the report: bench/results/latest.{md,json,svg}, or bench/.tmp/quick.* in quick mode.
 */
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const filters = args.filter((arg) => !arg.startsWith('--'));
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
if (files.length === 0) throw new Error(`no bench file matches ${filters.join(', ')}`);

const scratchDir = join(benchDir, '.tmp');
const outDir = quick ? scratchDir : join(benchDir, 'results');
mkdirSync(scratchDir, { recursive: true });
mkdirSync(outDir, { recursive: true });
const tsconfig = join(benchDir, 'tsconfig.run.json');
/** Runs a child to its exit and resolves with its stdout; its stderr (progress) goes to ours. */
const run = (command: string, entryArgs: string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, entryArgs, {
      // Without the root tsconfig's `paths`, `@pipeguard/*` resolves to the built `dist/` users install.
      env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const stdout: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString('utf8'));
      else reject(new Error(`${command} ${entryArgs.join(' ')} exited with ${signal ?? code}`));
    });
  });
const mode = quick ? '--quick' : '--full';

const measurer = join(scratchDir, 'run-question.mjs');
const prober = join(scratchDir, 'rss-probe.mjs');
await compileQuestion(join(benchDir, 'lib', 'run-question.ts'), measurer, tsconfig);
await compileQuestion(join(benchDir, 'lib', 'rss-probe.ts'), prober, tsconfig);
const compiled = new Map<string, string>();
for (const name of files) {
  compiled.set(name, join(scratchDir, name.replace(/\.ts$/, '.mjs')));
  await compileQuestion(join(benchDir, name), compiled.get(name) as string, tsconfig);
}

const measure = async (name: string): Promise<QuestionResult> => {
  process.stderr.write(`${name}\n`);
  const resultFile = join(scratchDir, `${name}.json`);
  await run(process.execPath, [measurer, compiled.get(name) as string, resultFile, mode]);
  const question = JSON.parse(readFileSync(resultFile, 'utf8')) as QuestionResult;
  question.file = `bench/${name}`;
  return question;
};
// Compiled like the question it loads: RSS growth over the RSS after setup does not depend on the loader,
// and a probe under tsx spent most of its time starting tsx and transpiling the question again.
const probe = async (name: string, groupIndex: number, contenderIndex: number): Promise<number> => {
  const output = await run(process.execPath, [
    prober,
    compiled.get(name) as string,
    String(groupIndex),
    String(contenderIndex),
    mode,
  ]);
  return (JSON.parse(output.trim().split('\n').pop() as string) as { peakRssGrowthMiB: number })
    .peakRssGrowthMiB;
};

const questions: QuestionResult[] = [];
if (quick) {
  // Quick mode (CI) proves the harness runs: every question measured, and the probe on each file's first
  // contender (a process per contender was most of its time, 228 processes). Its figures are not for
  // comparison, so two processes run at once: most questions wait on the children, terminals and servers
  // they start, and one at a time left the step at 126 s of CI's 851.
  const results = await runAtMost<QuestionResult | number>(
    2,
    files.flatMap((name) => [() => measure(name), () => probe(name, 0, 0)]),
  );
  for (const [index, name] of files.entries()) {
    const question = results[2 * index] as QuestionResult;
    const firstContender = question.groups[0]?.contenders[0];
    if (firstContender) firstContender.peakRssGrowthMiB = results[2 * index + 1] as number;
    else throw new Error(`${name} measured no contender`);
    questions.push(question);
  }
} else {
  for (const name of files) {
    const question = await measure(name);
    for (const [groupIndex, group] of question.groups.entries()) {
      for (const [contenderIndex, contender] of group.contenders.entries()) {
        contender.peakRssGrowthMiB = await probe(name, groupIndex, contenderIndex);
      }
    }
    questions.push(question);
  }
}

const report: BenchReport = {
  date: new Date().toISOString(),
  quick,
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown CPU',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  questions,
};
const base = join(outDir, quick ? 'quick' : 'latest');
writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(`${base}.md`, renderMarkdown(report));
writeFileSync(`${base}.svg`, renderSvg(report));
const missed = questions.flatMap((question) =>
  question.groups.flatMap((group) => group.targets.filter((target) => !target.met)),
);
process.stdout.write(renderMarkdown(report));
process.stderr.write(
  `\nwrote ${base}.md, .json and .svg; ${missed.length} target(s) missed${quick ? ' (quick mode does not judge targets)' : ''}\n`,
);
