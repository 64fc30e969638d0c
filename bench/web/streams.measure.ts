// A StageStream against an identity TransformStream in whichever runtime runs this module
// (`pnpm exec tsx bench/web-runtimes.ts streams [chromium]`): interleaved rounds, median MB/s and
// each contender's ratio to the identity TransformStream.
import { logChunks, pump, STREAMS } from './stream-pairs';

const TOTAL_BYTES = 64 * 1024 * 1024;
const ROUNDS = 7;
const chunks = logChunks(TOTAL_BYTES);
const rates: Record<string, number[]> = Object.fromEntries(Object.keys(STREAMS).map((name) => [name, []]));
for (let round = 0; round <= ROUNDS; round++) {
  for (const [name, make] of Object.entries(STREAMS)) {
    const started = performance.now();
    const bytes = await pump(make(), chunks);
    const elapsed = performance.now() - started;
    if (bytes !== TOTAL_BYTES) throw new Error(`${name} moved ${bytes} bytes, not ${TOTAL_BYTES}`);
    if (round > 0) rates[name]?.push(bytes / (elapsed * 1e3));
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const baseline = median(rates['identity TransformStream'] as number[]);
for (const [name, values] of Object.entries(rates)) {
  console.log(JSON.stringify({ stream: name, mbs: median(values), ratio: median(values) / baseline }));
}
(globalThis as { pipeguardDone?: boolean }).pipeguardDone = true;
