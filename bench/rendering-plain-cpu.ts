import { createReadStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { countingSink } from './lib/counting-sink';
import { CHUNK_BYTES, MiB } from './lib/inputs';
import { countMarkCompacts } from './lib/mark-compacts';
import { BaselineRenderer, baselinePath } from './lib/redraw-contenders';
import { removeTempFile, writeTempFile } from './lib/temp-file';
import { PLAIN_BLOCK } from './rendering.bench';

/**
 * `pnpm exec tsx bench/rendering-plain-cpu.ts [rounds]`: the rendering question's plain-text-from-a-file
 * pipeline (64 KiB reads, the stage, a counting sink) in CPU time (`process.cpuUsage`, every thread of the
 * process), `PassThrough`, this build and `PIPEGUARD_RENDERER_BASELINE`'s in turn, the order reversed every
 * round. At load 25 the same 256 MiB takes 0.3 to 3.7 s of wall clock; CPU time moves by a few tens of percent.
 * Each line gives the contender's mark-compacts too: under tsx this process can mark all along (see
 * bench/lib/compile-question.ts), which adds the same CPU to every contender.
 */
const rounds = Number(process.argv[2] ?? 9);
const input = await writeTempFile('plain.txt', PLAIN_BLOCK(), 64 * MiB);
const contenders: [string, () => NodeJS.ReadWriteStream][] = [
  ['PassThrough (node:stream)', () => new PassThrough()],
  ['TerminalRenderer', () => new TerminalRenderer() as unknown as NodeJS.ReadWriteStream],
];
const Baseline = BaselineRenderer;
if (Baseline !== undefined)
  contenders.push([`baseline ${baselinePath}`, () => new Baseline() as unknown as NodeJS.ReadWriteStream]);

const markCompacts = countMarkCompacts();
const compactsOf = new Map(contenders.map(([name]) => [name, 0]));

async function cpuMs(stage: NodeJS.ReadWriteStream): Promise<number> {
  const sink = countingSink('node:stream');
  const start = process.cpuUsage();
  await pipeline(createReadStream(input.path, { highWaterMark: CHUNK_BYTES }), stage, sink);
  const used = process.cpuUsage(start);
  if (sink.bytes !== input.bytes) throw new Error(`passed ${sink.bytes} of ${input.bytes} bytes`);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const runs = new Map(contenders.map(([name]) => [name, [] as number[]]));
try {
  // Round 0 warms every contender up and is not counted.
  for (let round = 0; round <= rounds; round++)
    for (const [name, make] of round % 2 === 0 ? contenders : [...contenders].reverse()) {
      const before = await markCompacts();
      const ms = await cpuMs(make());
      const compacts = (await markCompacts()) - before;
      if (round === 0) continue;
      runs.get(name)?.push(ms);
      compactsOf.set(name, (compactsOf.get(name) ?? 0) + compacts);
    }
} finally {
  await removeTempFile(input);
}
const baseline = runs.get('PassThrough (node:stream)') as number[];
for (const [name, ms] of runs) {
  const ratios = ms.map((value, index) => (baseline[index] as number) / value);
  console.log(
    `${name}: ${median(ms).toFixed(0)} ms CPU (median), ${median(ratios).toFixed(2)}x PassThrough (paired), ${compactsOf.get(name)} mark-compacts`,
  );
}
