// Throughput of each ByteOps candidate on the scans the stages' cores make, in whichever runtime runs
// this module (bundled by bench/web-runtimes.ts). Prints one JSON line per measurement.
import { CANDIDATES } from './byte-ops-candidates';

const CHUNK = 64 * 1024;
const encoder = new TextEncoder();

function logText(nonAsciiEvery: number): Uint8Array {
  let text = '';
  for (let line = 0; text.length < CHUNK; line++) {
    const body = `2024-05-01T12:00:${String(line % 60).padStart(2, '0')} step ${line} compiling module_${line * 7}.ts`;
    text += line % nonAsciiEvery === nonAsciiEvery - 1 ? `${body} — готово ✓ 完成\n` : `${body} ok\n`;
  }
  return encoder.encode(text).slice(0, CHUNK);
}

const ascii = logText(Number.POSITIVE_INFINITY);
const mixed = logText(10);
const asciiLine = ascii.subarray(0, ascii.indexOf(0x0a) + 1);
const asciiLineCopy = asciiLine.slice();
const asciiCopy = ascii.slice();
const needle = encoder.encode('ERROR:');

/** Every LF of the chunk, as a line splitter finds them. */
function allLines(
  indexOf: (bytes: Uint8Array, byte: number, from: number) => number,
  bytes: Uint8Array,
): number {
  let count = 0;
  for (let at = indexOf(bytes, 0x0a, 0); at !== -1; at = indexOf(bytes, 0x0a, at + 1)) count++;
  return count;
}

interface Scenario {
  method: keyof typeof CANDIDATES;
  name: string;
  bytes: number;
  run: (candidate: never) => unknown;
}

const SCENARIOS: Scenario[] = [
  {
    method: 'indexOf',
    name: 'ESC absent, 64 KiB',
    bytes: CHUNK,
    run: (f: (b: Uint8Array, x: number, y: number) => number) => f(ascii, 0x1b, 0),
  },
  {
    method: 'indexOf',
    name: 'every LF, 64 KiB of 70 B lines',
    bytes: CHUNK,
    run: (f: (b: Uint8Array, x: number, y: number) => number) => allLines(f, ascii),
  },
  {
    method: 'lastIndexOf',
    name: 'last LF, 64 KiB',
    bytes: CHUNK,
    run: (f: (b: Uint8Array, x: number, y: number) => number) => f(ascii, 0x0a, CHUNK - 1),
  },
  {
    method: 'lastIndexOf',
    name: 'ESC absent, 64 KiB',
    bytes: CHUNK,
    run: (f: (b: Uint8Array, x: number, y: number) => number) => f(ascii, 0x1b, CHUNK - 1),
  },
  {
    method: 'indexOfSequence',
    name: '"ERROR:" absent, 64 KiB',
    bytes: CHUNK,
    run: (f: (b: Uint8Array, n: Uint8Array, y: number) => number) => f(ascii, needle, 0),
  },
  {
    method: 'equals',
    name: 'equal 64 KiB',
    bytes: CHUNK,
    run: (f: (a: Uint8Array, b: Uint8Array) => boolean) => f(ascii, asciiCopy),
  },
  {
    method: 'equals',
    name: 'equal 70 B lines',
    bytes: asciiLine.length,
    run: (f: (a: Uint8Array, b: Uint8Array) => boolean) => f(asciiLine, asciiLineCopy),
  },
  { method: 'isUtf8', name: 'ASCII 64 KiB', bytes: CHUNK, run: (f: (b: Uint8Array) => boolean) => f(ascii) },
  {
    method: 'isUtf8',
    name: 'UTF-8, 1 line in 10 not ASCII, 64 KiB',
    bytes: CHUNK,
    run: (f: (b: Uint8Array) => boolean) => f(mixed.subarray(0, mixed.lastIndexOf(0x0a) + 1)),
  },
  {
    method: 'isUtf8',
    name: 'ASCII 70 B line',
    bytes: asciiLine.length,
    run: (f: (b: Uint8Array) => boolean) => f(asciiLine),
  },
  { method: 'isAscii', name: 'ASCII 64 KiB', bytes: CHUNK, run: (f: (b: Uint8Array) => boolean) => f(ascii) },
  {
    method: 'isAscii',
    name: 'ASCII 70 B line',
    bytes: asciiLine.length,
    run: (f: (b: Uint8Array) => boolean) => f(asciiLine),
  },
];

const MEASURE_MS = Number((globalThis as { MEASURE_MS?: number }).MEASURE_MS ?? 300);
let sink: unknown;

function gigabytesPerSecond(scenario: Scenario, candidate: unknown): number {
  const run = scenario.run as (candidate: unknown) => unknown;
  for (let warm = 0; warm < 200; warm++) sink = run(candidate);
  let iterations = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    for (let batch = 0; batch < 50; batch++) sink = run(candidate);
    iterations += 50;
    elapsed = performance.now() - started;
  } while (elapsed < MEASURE_MS);
  return (scenario.bytes * iterations) / (elapsed * 1e6);
}

for (const scenario of SCENARIOS) {
  const candidates = CANDIDATES[scenario.method] as Record<string, unknown>;
  const reference = (scenario.run as (candidate: unknown) => unknown)(Object.values(candidates)[0]);
  for (const [name, candidate] of Object.entries(candidates)) {
    const answer = (scenario.run as (candidate: unknown) => unknown)(candidate);
    const gbs = answer === reference ? gigabytesPerSecond(scenario, candidate) : Number.NaN;
    console.log(JSON.stringify({ method: scenario.method, scenario: scenario.name, candidate: name, gbs }));
  }
}
void sink;
(globalThis as { pipeguardDone?: boolean }).pipeguardDone = true;
