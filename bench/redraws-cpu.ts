import { readFileSync } from 'node:fs';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { MiB, totalBytes } from './lib/inputs';
import { type Redraws, renderChunks, xtermChunks } from './lib/redraw-contenders';
import { REDRAW_COLS, REDRAW_ROWS, redrawChunks, repeatedTo } from './lib/redraw-inputs';
import { SHAPES } from './redraws.bench';

/**
 * `pnpm exec tsx bench/redraws-cpu.ts [MiB] [rounds] [filter] [warm-up rounds]`: the redraws question's inputs (recordings and
 * shapes, and the rendering question's plain and coloured CR bars, each repeated to `MiB`, 64 KiB chunks)
 * through @xterm/headless, this build, and the builds named in
 * `PIPEGUARD_RENDERER_BUILDS` (`name=path/to/dist/index.js,…`), in CPU time (`process.cpuUsage`), every
 * contender in turn, the order reversed every round; the median of paired ratios to xterm. On a shared
 * machine CPU time moves far less than wall clock, and an A/B of builds in one process shares its state.
 */
const size = Number(process.argv[2] ?? 4) * MiB;
const rounds = Number(process.argv[3] ?? 5);
const filter = new RegExp(process.argv[4] ?? '.');
// Rounds run first and not counted (1 by default). The renderer's code takes some 20 MiB of input to be fully
// optimized (a first 4 MiB round runs at about a quarter of its later speed): more rounds measure it warm.
const warmUp = Number(process.argv[5] ?? 1);

const recordings = new URL('./recordings/', import.meta.url);
const sizes = JSON.parse(readFileSync(new URL('recordings.json', recordings), 'utf8')) as Record<
  string,
  { cols: number; rows: number }
>;
const inputs: [string, number, number, () => Buffer[]][] = [
  ...Object.entries(sizes).map(
    ([name, { cols, rows }]) =>
      [name, cols, rows, () => repeatedTo(readFileSync(new URL(`${name}.tty`, recordings)), size)] as [
        string,
        number,
        number,
        () => Buffer[],
      ],
  ),
  // The shapes, then the rendering question's two bars (bench/rendering.bench.ts) that no shape draws.
  ...[...SHAPES.map(([kind]) => kind), 'plain-bar' as const, 'coloured-bar' as const].map(
    (kind) =>
      [kind, REDRAW_COLS, REDRAW_ROWS, () => redrawChunks(size, kind)] as [
        string,
        number,
        number,
        () => Buffer[],
      ],
  ),
];

const builds: [string, typeof TerminalRenderer][] = [['this build', TerminalRenderer]];
for (const entry of (process.env['PIPEGUARD_RENDERER_BUILDS'] ?? '').split(',').filter(Boolean)) {
  const [name, path] = entry.split('=') as [string, string];
  builds.push([name, (await import(path)).TerminalRenderer]);
}

async function cpuMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
for (const [name, cols, rows, build] of inputs) {
  if (!filter.test(name)) continue;
  const chunks = build();
  const input: Redraws = { chunks, bytes: totalBytes(chunks) };
  const contenders: [string, () => Promise<unknown>][] = [
    ['xterm', () => xtermChunks(input, cols, rows)],
    ...builds.map(
      ([buildName, Renderer]) =>
        [buildName, () => renderChunks(input, { cols, maxLiveLines: rows }, 1, false, Renderer)] as [
          string,
          () => Promise<unknown>,
        ],
    ),
  ];
  const runs = new Map(contenders.map(([contender]) => [contender, [] as number[]]));
  // The rounds before round 1 warm every contender up and are not counted.
  for (let round = 1 - warmUp; round <= rounds; round++)
    for (const [contender, run] of round % 2 === 0 ? contenders : [...contenders].reverse()) {
      const ms = await cpuMs(run);
      if (round > 0) runs.get(contender)?.push(ms);
    }
  const xterm = runs.get('xterm') as number[];
  const cells = [...runs].map(([contender, ms]) => {
    const ratios = ms.map((value, index) => (xterm[index] as number) / value);
    return `${contender} ${median(ms).toFixed(0)} ms ${median(ratios).toFixed(2)}x`;
  });
  console.log(`${name}: ${cells.join(' | ')}`);
}
