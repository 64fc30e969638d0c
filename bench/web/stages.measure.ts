// Each stage stream against an identity TransformStream in whichever runtime runs this module
// (`pnpm exec tsx bench/web-runtimes.ts stages [node] [chromium]`): interleaved rounds, median MB/s and
// each contender's median ratio to the identity TransformStream of the same round.
import { proseChunks, pumpStages, STAGE_STREAMS } from './stage-pairs';

const TOTAL_BYTES = 64 * 1024 * 1024;
const ROUNDS = 7;
const chunks = proseChunks(TOTAL_BYTES);
const names = Object.keys(STAGE_STREAMS);
const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round <= ROUNDS; round++) {
  const elapsed: Record<string, number> = {};
  // Alternating order, so that drift within a round hits every contender alike.
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const started = performance.now();
    await pumpStages((STAGE_STREAMS[name] as () => TransformStream<never, never>[])(), chunks);
    elapsed[name] = performance.now() - started;
  }
  if (round === 0) continue;
  for (const name of names) {
    rates[name]?.push(TOTAL_BYTES / ((elapsed[name] as number) * 1e3));
    ratios[name]?.push((elapsed['identity TransformStream'] as number) / (elapsed[name] as number));
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
for (const name of names) {
  console.log(
    JSON.stringify({
      stream: name,
      mbs: median(rates[name] as number[]),
      ratio: median(ratios[name] as number[]),
    }),
  );
}
(globalThis as { pipeguardDone?: boolean }).pipeguardDone = true;
