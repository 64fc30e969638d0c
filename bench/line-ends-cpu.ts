import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as SplitterCoreModule from '@pipeguard/line-splitter/core';
import type * as PipelineModule from '@pipeguard/pipeline';
import type * as SharedModule from '@pipeguard/shared';
import type * as SharedCoreModule from '@pipeguard/shared/core';
import { CHUNK_BYTES, chunksOf, linesUpTo, logLine, MiB } from './lib/inputs';

/**
 * `TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/line-ends-cpu.ts <base checkout> node|web
 * [rounds] [name filter]`: the users of the line-end scan of this checkout's `dist/` against another built checkout's, on LF,
 * CRLF and CR-heavy text, in CPU time (`process.cpuUsage`): the minimum over rounds in which the two builds
 * alternate, and its ratio. `node`: what a Node process runs, the line splitter's core as the Node stage
 * drives it (Buffers and their own `indexOf`) and LiveLines skipping lines no consumer reads; `web`: the core
 * as the web stage drives it (plain Uint8Arrays, portable byte scans), in a process of its own as in a
 * browser, where no Buffer call site shares its code.
 */
const [BASE, SIDE = 'node'] = process.argv.slice(2);
if (BASE === undefined || (SIDE !== 'node' && SIDE !== 'web'))
  throw new Error('usage: line-ends-cpu.ts <base checkout> node|web [rounds]');
const ROUNDS = Number(process.argv[4] ?? 15);
const HERE = fileURLToPath(new URL('..', import.meta.url));
const BYTES = 32 * MiB;

interface Build {
  splitter: typeof SplitterCoreModule;
  shared: typeof SharedModule;
  sharedCore: typeof SharedCoreModule;
  pipeline: typeof PipelineModule;
}

async function load(root: string): Promise<Build> {
  const from = (name: string, file: string) =>
    import(pathToFileURL(`${root}/packages/${name}/dist/${file}`).href);
  return {
    splitter: await from('line-splitter', 'core.js'),
    shared: await from('shared', 'index.js'),
    sharedCore: await from('shared', 'core.js'),
    pipeline: await from('pipeline', 'index.js'),
  };
}

const builds = { this: await load(HERE), base: await load(BASE) };

/** A progress bar redrawn with CR, 100 frames a line, each line ended with CRLF: a pty's `tqdm`. */
const frame = (index: number): string => {
  const percent = index % 100;
  const bar = `${'#'.repeat(percent >> 1)}${'.'.repeat(50 - (percent >> 1))}`;
  return `\r${String(percent).padStart(3)}%|${bar}| ${index}/1000000${percent === 99 ? '\r\n' : ''}`;
};
const text = (line: (index: number) => string): Buffer =>
  Buffer.from(linesUpTo(BYTES, line, (part) => part.length).join(''), 'latin1');
const inputs = {
  LF: chunksOf(text(logLine)),
  CRLF: chunksOf(text((index) => logLine(index).replace('\n', '\r\n'))),
  'CR-heavy': chunksOf(text(frame)),
};
const plain = Object.fromEntries(
  Object.entries(inputs).map(([name, chunks]) => [name, chunks.map((chunk) => Uint8Array.from(chunk))]),
) as Record<keyof typeof inputs, Uint8Array[]>;

type Work = (build: Build, input: keyof typeof inputs) => number;

function split(build: Build, chunks: readonly Uint8Array[], node: boolean): number {
  const { nodeByteOps } = build.shared;
  const { portableByteOps } = build.sharedCore;
  const core = new build.splitter.LineSplitterCore({
    batched: true,
    byteOps: node ? nodeByteOps : portableByteOps,
    chunkIndexOf: node,
  });
  let units = 0;
  const emit = (batch: SplitterCoreModule.LineUnit | SplitterCoreModule.LineBatch): void => {
    units += 'unitCount' in batch ? (batch.unitCount ?? 0) : 1;
  };
  for (const chunk of chunks) core.write(chunk, emit);
  core.end(emit);
  return units;
}

const nodeWorks: Record<string, Work> = {
  'LineSplitterCore, Node (Buffer indexOf)': (build, input) => split(build, inputs[input], true),
  // No consumer: past half the queue, the rest of the input is skipped by counting its line ends.
  'LiveLines skipping': (build, input) => {
    const live = new build.pipeline.LiveLines();
    for (const chunk of inputs[input]) live.write(chunk);
    live.end();
    return live.stats.lines;
  },
};
const webWorks: Record<string, Work> = {
  'LineSplitterCore, web (portable byte ops)': (build, input) => split(build, plain[input], false),
};
const works = Object.fromEntries(
  Object.entries(SIDE === 'node' ? nodeWorks : webWorks).filter(([name]) =>
    name.includes(process.argv[5] ?? ''),
  ),
);

const best = new Map<string, number>();
const answers = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [work, run] of Object.entries(works)) {
    for (const input of Object.keys(inputs) as (keyof typeof inputs)[]) {
      // Alternate which build goes first, so that drift within a round hits both alike.
      const order = round % 2 === 0 ? (['this', 'base'] as const) : (['base', 'this'] as const);
      const pair = `${work}|${input}`;
      for (const name of order) {
        const start = process.cpuUsage();
        const answer = run(builds[name], input);
        const used = process.cpuUsage(start);
        const key = `${pair}|${name}`;
        best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1000));
        if ((answers.get(pair) ?? answer) !== answer) throw new Error(`${pair}: the builds disagree`);
        answers.set(pair, answer);
      }
    }
  }
}

console.log(`Node ${process.version}, ${BYTES / MiB} MiB per input in ${CHUNK_BYTES / 1024} KiB chunks,`);
console.log(`min CPU time of ${ROUNDS} alternated rounds; base: ${BASE}`);
console.log('| user | input | this (ms) | base (ms) | this / base |');
console.log('| --- | --- | --- | --- | --- |');
for (const work of Object.keys(works))
  for (const input of Object.keys(inputs)) {
    const mine = best.get(`${work}|${input}|this`) as number;
    const base = best.get(`${work}|${input}|base`) as number;
    console.log(
      `| ${work} | ${input} | ${mine.toFixed(1)} | ${base.toFixed(1)} | ${(mine / base).toFixed(3)} |`,
    );
  }
