// The targets where a browser has no file: each stage stream against an identity TransformStream, both
// reading the same body from `fetch()` of a local HTTP server (a realistic source: the bytes arrive
// asynchronously, in the chunks the network stack hands out), in interleaved rounds. Run by
// bench/web/fetch-stages.ts in Chromium and in Node; prints one JSON line per stream.
import { pumpStages, STAGE_STREAMS, STAGE_TARGETS } from './stage-pairs';

const url =
  (globalThis as { PROSE_URL?: string }).PROSE_URL ??
  new URL('./prose.log', (globalThis as unknown as { location: { href: string } }).location.href).href;
const ROUNDS = Number((globalThis as { ROUNDS?: number }).ROUNDS ?? 9);
const names = ['identity TransformStream', ...STAGE_TARGETS];

/** One pass of the body through `name`'s streams: the time from the request to the last byte, and the bytes. */
async function timeOne(name: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok || response.body === null) throw new Error(`GET ${url}: ${response.status}`);
  const make = STAGE_STREAMS[name] as () => TransformStream<never, never>[];
  const bytes = await pumpStages(make(), [], response.body);
  return { ms: performance.now() - started, bytes };
}

const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
let total = -1;
for (let round = 0; round <= ROUNDS; round++) {
  const elapsed: Record<string, number> = {};
  // Alternating order, so that drift within a round hits every contender alike; round 0 warms up.
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const { ms, bytes } = await timeOne(name);
    if (total === -1) total = bytes;
    if (bytes !== total) throw new Error(`${name} moved ${bytes} bytes, not ${total}`);
    elapsed[name] = ms;
  }
  if (round === 0) continue;
  for (const name of names) {
    rates[name]?.push(total / ((elapsed[name] as number) * 1e3));
    ratios[name]?.push((elapsed['identity TransformStream'] as number) / (elapsed[name] as number));
  }
}
const quartile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)] as number;
for (const name of names) {
  const r = ratios[name] as number[];
  console.log(
    JSON.stringify({
      stream: name,
      mbs: quartile(rates[name] as number[], 0.5),
      ratio: quartile(r, 0.5),
      q1: quartile(r, 0.25),
      q3: quartile(r, 0.75),
    }),
  );
}
(globalThis as { pipeguardDone?: boolean }).pipeguardDone = true;
