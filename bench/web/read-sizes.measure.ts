// The setting for every stage stream that hands on bytes, in whichever runtime runs this module
// (`pnpm exec tsx bench/web-runtimes.ts read-sizes node chromium`): a real source (a file in Node, a Blob
// where there is none) read at 16 KiB and at 64 KiB (Node's own file read size), each stage stream against an
// identity TransformStream on the same source, and the decoder after the batched splitter (and splitting lines
// itself) against the platform's TextDecoderStream; interleaved rounds, median MB/s and median per-round ratio with quartiles.
// Where the runtime tells its process's CPU time (Node), also the median per-round ratio of CPU time
// (`cpuRatio`: the baseline's over the contender's), which a loaded machine moves far less than wall time.

import readSizes from 'virtual:read-sizes';
import { BASE_STREAMS } from './base-stage-pairs';
import { openSourceFor, READS_FILES } from './read-sources';
import { PER_LINE_STREAMS, proseChunks, pumpStages, STAGE_STREAMS } from './stage-pairs';

// A page's Blob reads are slower (each a round trip to the blob store): a quarter of the bytes there.
const TOTAL_BYTES = (READS_FILES ? 64 : 16) * 1024 * 1024;
// `PIPEGUARD_ROUNDS=<n>` through bench/web-runtimes.ts: more rounds narrow the per-round CPU ratios' median.
const ROUNDS = readSizes.rounds;
// One size a process where bench/web-runtimes.ts runs it: a process that had run the 16 KiB groups made its 64 KiB
// rows pay for mark-compacts a fresh one does not run (2026-12-07g-web-splitter8.md).
const READ_SIZES = readSizes.readBytes.length > 0 ? readSizes.readBytes : [16 * 1024, 64 * 1024];

/** Each group: its baseline first, then the contenders measured against it. */
const GROUPS: readonly (readonly string[])[] = [
  [
    'identity TransformStream',
    'BinaryGuardStream',
    'TerminalRendererStream',
    'RepeatFolderStream',
    'LineSplitterStream batched',
    // `PIPEGUARD_WEB_BESIDE=1`: the folder and the splitter searching a line at a time, as before the bulk search.
    ...(readSizes.beside ? Object.keys(PER_LINE_STREAMS) : []),
    // `PIPEGUARD_BASE=<checkout>`: that build's folder and splitter beside.
    ...(readSizes.base ? Object.keys(BASE_STREAMS).filter((name) => !name.includes('Decoder')) : []),
  ],
  [
    'TextDecoderStream (peer of the decoder)',
    'FallbackDecoderStream after LineSplitterStream batched',
    'FallbackDecoderStream, splitLines',
    ...(readSizes.base ? Object.keys(BASE_STREAMS).filter((name) => name.includes('Decoder')) : []),
  ],
];

const chunks = proseChunks(TOTAL_BYTES);
const input = new Uint8Array(TOTAL_BYTES);
for (const [index, chunk] of chunks.entries()) input.set(chunk, index * chunk.length);
const source = await openSourceFor(input, 'read-sizes-prose.log');

/** The process's CPU time in ms so far, where the runtime tells it (`process.cpuUsage`), else `undefined`. */
function cpuMs(): number | undefined {
  const usage = (
    globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }
  ).process?.cpuUsage?.();
  return usage === undefined ? undefined : (usage.user + usage.system) / 1000;
}

const quartile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)] as number;

/**
 * The contenders' order in `round` (round 0 warms up): rotated by one a round and reversed every other round, so
 * that drift within a round hits every contender alike and each follows a different contender from round to
 * round. Alternation alone put the same stream before each middle contender in every round: it paid part of that
 * stream's garbage each time, while the first and last contenders followed themselves at every other seam.
 */
function roundOrder(names: readonly string[], round: number): string[] {
  const shift = round % names.length;
  const rotated = [...names.slice(shift), ...names.slice(0, shift)];
  return round % 2 === 0 ? rotated : rotated.reverse();
}

for (const readBytes of READ_SIZES) {
  for (const names of GROUPS) {
    const baseline = names[0] as string;
    const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const cpuRatios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round <= ROUNDS; round++) {
      const elapsed: Record<string, number> = {};
      const cpu: Record<string, number> = {};
      for (const name of roundOrder(names, round)) {
        const streams = (
          (STAGE_STREAMS[name] ?? PER_LINE_STREAMS[name] ?? BASE_STREAMS[name]) as () => TransformStream<
            never,
            never
          >[]
        )();
        const cpuBefore = cpuMs();
        const started = performance.now();
        const moved = await pumpStages(streams, [], source.open(readBytes));
        elapsed[name] = performance.now() - started;
        const cpuAfter = cpuMs();
        if (cpuBefore !== undefined && cpuAfter !== undefined) cpu[name] = cpuAfter - cpuBefore;
        if (!name.includes('Decoder') && moved !== TOTAL_BYTES)
          throw new Error(`${name} moved ${moved} bytes, not ${TOTAL_BYTES}`);
      }
      if (round === 0) continue;
      for (const name of names) {
        rates[name]?.push(TOTAL_BYTES / ((elapsed[name] as number) * 1e3));
        ratios[name]?.push((elapsed[baseline] as number) / (elapsed[name] as number));
        if (cpu[name] !== undefined) cpuRatios[name]?.push((cpu[baseline] as number) / cpu[name]);
      }
    }
    for (const name of names) {
      const r = ratios[name] as number[];
      console.log(
        JSON.stringify({
          source: `${source.kind}, ${readBytes / 1024} KiB reads`,
          stream: name,
          baseline,
          mbs: quartile(rates[name] as number[], 0.5),
          ratio: quartile(r, 0.5),
          q1: quartile(r, 0.25),
          q3: quartile(r, 0.75),
          ...((cpuRatios[name] as number[]).length > 0
            ? { cpuRatio: quartile(cpuRatios[name] as number[], 0.5) }
            : {}),
        }),
      );
    }
  }
}
(globalThis as { pipeguardDone?: boolean }).pipeguardDone = true;
