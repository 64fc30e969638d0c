import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as PipelineModule from '@pipeguard/pipeline';
import { GiB, MiB } from './lib/inputs';
import { childLines } from './matching.bench';
import { adapterRead, bareReadLoop, writer } from './pty.bench';

/**
 * `TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/builds-ab.ts
 * pty|pty-adapter|matching|cli <rounds>
 * <checkout>...`: three questions of the general table (bench/pty, matching, cli-startup) for several built
 * checkouts in one run, the contenders alternated (their order rotated each round), each measurement in a
 * process of its own so that no build inherits another's heap or JIT state. Prints each contender's median
 * wall time and the median over rounds of its ratio to the round's baseline (baseline time / its time).
 */
const [QUESTION, ROUNDS_ARG, ...ROOTS] = process.argv.slice(2);
const HERE = fileURLToPath(new URL('..', import.meta.url));
/** The pty bench's child and the matching bench's child (every 1000th line an error), as in those files. */
const PTY_COMMAND = writer(256 * MiB);
const MATCH_COMMAND = `yes '${childLines(1000)}' | head -c ${GiB}`;

async function loadPipeline(root: string): Promise<typeof PipelineModule> {
  return import(pathToFileURL(`${root}/packages/pipeline/dist/index.js`).href);
}

/** One measurement, in this (child) process: returns the bytes it saw, so a wrong run shows. */
async function measureOnce(kind: string, root: string): Promise<number> {
  if (kind === 'pty-bare') return bareReadLoop({ command: PTY_COMMAND });
  const { run } = await loadPipeline(root);
  if (kind === 'pty-run') return (await run('sh', ['-c', PTY_COMMAND], { pty: true })).stdout.bytes;
  if (kind === 'pty-adapter') {
    const { spawnPtyChild } = await loadPipeline(root);
    return adapterRead({ command: PTY_COMMAND }, spawnPtyChild);
  }
  const keepMatches = kind === 'match-keep';
  const result = await run('sh', ['-c', MATCH_COMMAND], {
    keep: 'both',
    maxBytes: 30_000,
    ...(keepMatches ? { keepMatches } : {}),
  });
  return result.stdout.bytes;
}

interface Contender {
  name: string;
  /** Wall milliseconds of one measurement, and its process's CPU milliseconds where known. */
  time: () => { wall: number; cpu: number };
}

/**
 * Preloaded into each start: writes the process's CPU time (user + system, getrusage) to fd 3 at its exit.
 * On a loaded machine a start's wall time is mostly waiting for a core; its CPU time is the work.
 */
const CPU_PROBE = join(tmpdir(), `pipeguard-builds-ab-cpu-${process.pid}.cjs`);
writeFileSync(
  CPU_PROBE,
  "process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeSync(3, (u.user + u.system) / 1000 + '\\n'); });",
);

/** A contender measured in a child process of its own; the child reports the time of the work alone. */
function inChild(name: string, kind: string, root: string): Contender {
  return {
    name,
    time: () => {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), '--child', kind, root],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        },
      );
      const [wall, bytes, cpu] = child.stdout.trim().split(' ').map(Number);
      if (
        child.status !== 0 ||
        wall === undefined ||
        cpu === undefined ||
        !(bytes !== undefined && bytes > 0)
      )
        throw new Error(`${name}: ${child.stderr}`);
      return { wall, cpu };
    },
  };
}

/** A contender timed as a user meets it: one start of node with `args`, to its exit. */
function started(name: string, args: readonly string[]): Contender {
  return {
    name,
    time: () => {
      const start = performance.now();
      const { status, output } = spawnSync(process.execPath, ['--require', CPU_PROBE, ...args], {
        stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      });
      const wall = performance.now() - start;
      if (status !== 0) throw new Error(`${name} exited ${status}`);
      return { wall, cpu: Number(String(output[3])) };
    },
  };
}

const label = (root: string) => (root === HERE ? 'this build' : root);

function contenders(question: string, roots: readonly string[]): Contender[] {
  if (question === 'pty')
    return [
      inChild('node-pty read loop, counting only', 'pty-bare', HERE),
      ...roots.map((root) => inChild(`run({ pty: true }) ${label(root)}`, 'pty-run', root)),
    ];
  if (question === 'pty-adapter')
    return [
      inChild('node-pty read loop, counting only', 'pty-bare', HERE),
      ...roots.map((root) => inChild(`spawnPtyChild → Writable ${label(root)}`, 'pty-adapter', root)),
    ];
  if (question === 'matching')
    return roots.flatMap((root) => [
      inChild(`run() keep 'both' ${label(root)}`, 'match-plain', root),
      inChild(`same, keepMatches ${label(root)}`, 'match-keep', root),
    ]);
  if (question === 'cli')
    return [
      started('node -e 0', ['-e', '0']),
      ...roots.map((root) =>
        started(`pipeguard -- true ${label(root)}`, [
          `${root}/packages/pipeguard/dist/cli.cjs`,
          '--',
          'true',
        ]),
      ),
    ];
  throw new Error('usage: builds-ab.ts pty|pty-adapter|matching|cli <rounds> <checkout>...');
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
};

if (QUESTION === '--child') {
  const [kind = '', root = HERE] = [ROUNDS_ARG, ROOTS[0]];
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const bytes = await measureOnce(kind, root);
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(`${performance.now() - start} ${bytes} ${(cpu.user + cpu.system) / 1000}\n`);
} else {
  const list = contenders(QUESTION ?? '', [HERE, ...ROOTS]);
  const rounds = Number(ROUNDS_ARG ?? 7);
  const times = list.map(() => [] as { wall: number; cpu: number }[]);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < list.length; step++) {
      const index = (step + round) % list.length;
      const measured = list[index]?.time();
      if (measured) times[index]?.push(measured);
    }
  }
  rmSync(CPU_PROBE, { force: true });
  // The baseline of a matching pair is the build's own run() without keepMatches; otherwise the first.
  const baselineOf = (index: number) => (QUESTION === 'matching' ? index - (index % 2) : 0);
  const summary = (own: readonly number[], base: readonly number[]) => {
    const ratios = own.map((ms, round) => (base[round] ?? Number.NaN) / ms).sort((a, b) => a - b);
    const quartiles = `${ratios[Math.floor(rounds / 4)]?.toFixed(2)}–${ratios[Math.floor((3 * rounds) / 4)]?.toFixed(2)}`;
    return `${median(own).toFixed(1).padStart(8)} ms, ratio ${median(ratios).toFixed(2)}× (${quartiles})`;
  };
  console.log(
    `${QUESTION}, ${rounds} rounds; ratio = the round's baseline time / the contender's, median (quartiles)`,
  );
  for (const [index, contender] of list.entries()) {
    const own = times[index] ?? [];
    const base = times[baselineOf(index)] ?? [];
    const of = (key: 'wall' | 'cpu', runs: typeof own) => runs.map((run) => run[key]);
    console.log(
      `${contender.name.padEnd(48)} wall ${summary(of('wall', own), of('wall', base))}  CPU ${summary(of('cpu', own), of('cpu', base))}`,
    );
  }
}
