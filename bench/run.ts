import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileQuestion } from './lib/compile-question';
import { renderMarkdown, renderSvg } from './lib/report';
import type { BenchReport, QuestionResult } from './lib/results';

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
const tsx = join(benchDir, '..', 'node_modules', '.bin', 'tsx');
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
const run = (command: string, entryArgs: string[]) =>
  execFileSync(command, entryArgs, {
    encoding: 'utf8',
    // Without the root tsconfig's `paths`, `@pipeguard/*` resolves to the built `dist/` users install.
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });

const measurer = join(scratchDir, 'run-question.mjs');
await compileQuestion(join(benchDir, 'lib', 'run-question.ts'), measurer, tsconfig);
const questions: QuestionResult[] = [];
for (const name of files) {
  const file = join(benchDir, name);
  process.stderr.write(`${name}\n`);
  const resultFile = join(scratchDir, `${name}.json`);
  const compiled = join(scratchDir, name.replace(/\.ts$/, '.mjs'));
  await compileQuestion(file, compiled, tsconfig);
  run(process.execPath, [measurer, compiled, resultFile, quick ? '--quick' : '--full']);
  const question = JSON.parse(readFileSync(resultFile, 'utf8')) as QuestionResult;
  question.file = `bench/${name}`;
  for (const [groupIndex, group] of question.groups.entries()) {
    for (const [contenderIndex, contender] of group.contenders.entries()) {
      // Quick mode (CI) proves the probe runs on each file's first contender: a process per contender
      // was most of its time (228 processes), and quick figures are not for comparison anyway.
      if (quick && (groupIndex > 0 || contenderIndex > 0)) continue;
      // The probe stays under tsx: RSS growth over the RSS after setup does not depend on the loader.
      const probe = run(tsx, [
        join(benchDir, 'lib', 'rss-probe.ts'),
        file,
        String(groupIndex),
        String(contenderIndex),
        quick ? '--quick' : '--full',
      ]);
      contender.peakRssGrowthMiB = (
        JSON.parse(probe.trim().split('\n').pop() as string) as { peakRssGrowthMiB: number }
      ).peakRssGrowthMiB;
    }
  }
  questions.push(question);
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
