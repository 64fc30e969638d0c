import { SECRET_NAME_TAIL_PAIRS } from '../packages/secret-redactor/src/secret-names';
import { DASH_PAIRS, NEEDLE_FORMATS, UNDERSCORE_PAIRS } from '../packages/secret-redactor/src/token-detector';
import { redactorCleanText } from './lib/inputs';

/**
 * `pnpm exec tsx bench/redacting-prefilter-cpu.ts [rounds]`: a prototype, measured alone before any wiring:
 * a WebAssembly SIMD pre-filter (Teddy's nibble tables, 3-byte fingerprints ending at the anchor byte, 8
 * buckets) over the 1.4 MB of clean `git log -p` the core bench reads, in CPU time per byte, beside a copy of
 * the same bytes into the module's memory and a native `indexOf` pass of one rare byte. It prints how many
 * 16-byte blocks and positions it hands on, and how many of those an exact 3-byte test keeps.
 */
const clean = redactorCleanText();

// The fingerprints: the real candidates' 3 bytes up to and including their anchor byte.
const patterns = new Set<string>();
const cases = (pair: string): string[] => {
  const [a, b] = [pair[0] as string, pair[1] as string];
  return [a + b, a.toUpperCase() + b, a + b.toUpperCase(), (a + b).toUpperCase()];
};
for (let pair = 0; pair < 65536; pair++)
  if (SECRET_NAME_TAIL_PAIRS[pair] === 1)
    for (const both of cases(String.fromCharCode(pair >> 8, pair & 255)))
      for (const after of ['=', ':', '"', "'"]) patterns.add(both + after);
// `KEY = value`, `password : x`: the name's last letter, a space, the sign.
for (let pair = 0; pair < 65536; pair++)
  if (SECRET_NAME_TAIL_PAIRS[pair] === 1)
    for (const last of [String.fromCharCode(pair & 255), String.fromCharCode(pair & 255).toUpperCase()])
      for (const sign of ['=', ':']) patterns.add(`${last} ${sign}`);
for (const [table, separator] of [
  [UNDERSCORE_PAIRS, '_'],
  [DASH_PAIRS, '-'],
] as const)
  for (let pair = 0; pair < 65536; pair++)
    if (table[pair] === 1) patterns.add(String.fromCharCode(pair >> 8, pair & 255) + separator);
for (const { prefix } of NEEDLE_FORMATS) if (prefix.length >= 3) patterns.add(prefix.slice(0, 3));
for (const word of ['eyJ', '://', 'BEG', 'ssw', 'cre', 'riv']) patterns.add(word);
for (const digit of '0123456789') patterns.add(`${digit}Q~`);
for (const word of ['ssw', 'cre', 'riv'])
  for (const both of cases(word.slice(0, 2))) patterns.add(both + word[2]);

// Buckets by the anchor byte, so that a bucket's cross-products share it.
const buckets: string[][] = Array.from({ length: 8 }, () => []);
const byAnchor = new Map<string, string[]>();
for (const pattern of patterns)
  byAnchor.set(pattern[2] as string, [...(byAnchor.get(pattern[2] as string) ?? []), pattern]);
const groups = [...byAnchor.values()].sort((a, b) => b.length - a.length);
for (const group of groups) {
  const smallest = buckets.reduce(
    (min, bucket, index) => (bucket.length < (buckets[min] as string[]).length ? index : min),
    0,
  );
  (buckets[smallest] as string[]).push(...group);
}
/** The six 16-byte nibble tables: position k's low and high nibble give the buckets that allow it. */
const tables = Array.from({ length: 6 }, () => new Uint8Array(16));
buckets.forEach((bucket, index) => {
  for (const pattern of bucket)
    for (let k = 0; k < 3; k++) {
      const byte = pattern.charCodeAt(k);
      (tables[2 * k] as Uint8Array)[byte & 15]! |= 1 << index;
      (tables[2 * k + 1] as Uint8Array)[byte >> 4]! |= 1 << index;
    }
});

// The module, assembled by hand: scan(src, len, out) -> blocks; out gets (offset, 16-bit lane mask) pairs.
const leb = (value: number): number[] => {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
};
const sleb = (value: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
};
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const vec = (items: number[][]) => [...leb(items.length), ...items.flat()];
const SIMD = 0xfd;
const op = {
  get: (index: number) => [0x20, index],
  set: (index: number) => [0x21, index],
  i32: (value: number) => [0x41, ...sleb(value)],
  add: [0x6a],
  ltU: [0x49],
  load: (offset: number) => [SIMD, 0x00, 0x00, ...leb(offset)],
  vconst: (bytes: Uint8Array) => [SIMD, 0x0c, ...bytes],
  swizzle: [SIMD, 0x0e],
  and: [SIMD, 0x4e],
  anyTrue: [SIMD, 0x53],
  bitmask: [SIMD, 0x64],
  shrU: [SIMD, 0x6d],
  eq: [SIMD, 0x23],
  store: (offset: number) => [0x36, 0x02, ...leb(offset)],
};
// Locals: 0 src, 1 len, 2 out, 3 at, 4 end, 5 blocks (i32); 6 v, 7 match, 8 the nibble mask, 9–14 the
// tables (v128): held in locals, not rebuilt at each block.
const [SRC, LEN, OUT, AT, END, BLOCKS, V, MATCH, NIBBLE_LOCAL] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const NIBBLE = new Uint8Array(16).fill(15);
/** Buckets allowed by the bytes at `at + k`, ANDed into MATCH (the first one sets it). */
const fingerprint = (k: number) => [
  ...op.get(AT),
  ...op.load(k),
  ...op.set(V),
  ...op.get(NIBBLE_LOCAL + 1 + 2 * k),
  ...op.get(V),
  ...op.get(NIBBLE_LOCAL),
  ...op.and,
  ...op.swizzle,
  ...op.get(NIBBLE_LOCAL + 2 + 2 * k),
  ...op.get(V),
  ...op.i32(4),
  ...op.shrU,
  ...op.swizzle,
  ...op.and,
  ...(k === 0 ? [] : [...op.get(MATCH), ...op.and]),
  ...op.set(MATCH),
];
const assemble = (tables: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const body = [
    ...vec([
      [3, 0x7f],
      [9, 0x7b],
    ]),
    ...op.vconst(NIBBLE),
    ...op.set(NIBBLE_LOCAL),
    ...tables.flatMap((table, index) => [...op.vconst(table), ...op.set(NIBBLE_LOCAL + 1 + index)]),
    ...op.get(SRC),
    ...op.set(AT),
    ...op.get(SRC),
    ...op.get(LEN),
    ...op.add,
    ...op.i32(-18),
    ...op.add,
    ...op.set(END),
    0x02,
    0x40,
    0x03,
    0x40,
    ...op.get(AT),
    ...op.get(END),
    ...op.ltU,
    0x45, // i32.eqz
    0x0d,
    1, // br_if out of the block
    ...fingerprint(0),
    ...fingerprint(1),
    ...fingerprint(2),
    ...op.get(MATCH),
    ...op.anyTrue,
    0x04,
    0x40,
    ...op.get(OUT),
    ...op.get(AT),
    ...op.store(0),
    ...op.get(OUT),
    ...op.get(MATCH),
    ...op.vconst(new Uint8Array(16)),
    ...op.eq,
    ...op.bitmask,
    ...op.i32(0xffff),
    0x73, // i32.xor
    ...op.store(4),
    ...op.get(OUT),
    ...op.i32(8),
    ...op.add,
    ...op.set(OUT),
    ...op.get(BLOCKS),
    ...op.i32(1),
    ...op.add,
    ...op.set(BLOCKS),
    0x0b,
    ...op.get(AT),
    ...op.i32(16),
    ...op.add,
    ...op.set(AT),
    0x0c,
    0, // br to the loop
    0x0b,
    0x0b,
    ...op.get(BLOCKS),
    0x0b,
  ];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec([[0x60, 3, 0x7f, 0x7f, 0x7f, 1, 0x7f]])),
    ...section(3, vec([[0]])),
    ...section(5, vec([[0x00, 64]])),
    ...section(
      7,
      vec([
        [...leb(3), ...'mem'.split('').map((c) => c.charCodeAt(0)), 0x02, 0],
        [...leb(4), ...'scan'.split('').map((c) => c.charCodeAt(0)), 0x00, 0],
      ]),
    ),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
};
type Exports = { mem: WebAssembly.Memory; scan: (src: number, len: number, out: number) => number };
const { mem, scan } = new WebAssembly.Instance(new WebAssembly.Module(assemble(tables)))
  .exports as unknown as Exports;
const floor = new WebAssembly.Instance(
  new WebAssembly.Module(assemble(tables.map((table) => table.map(() => 0)))),
).exports as unknown as Exports;
const floorHeap = new Uint8Array(floor.mem.buffer);
function floorScan(): number {
  let blocks = 0;
  for (let at = 0; at < clean.length; at += CHUNK) {
    const chunk = clean.subarray(at, at + CHUNK);
    floorHeap.set(chunk, SRC_AT);
    blocks += floor.scan(SRC_AT, chunk.length, OUT_AT);
  }
  return blocks;
}
const heap = new Uint8Array(mem.buffer);
const CHUNK = 64 * 1024;
const SRC_AT = 16;
const OUT_AT = SRC_AT + CHUNK + 64;

function prefilter(): { blocks: number; lanes: number; exact: number } {
  let blocks = 0;
  let lanes = 0;
  let exact = 0;
  for (let at = 0; at < clean.length; at += CHUNK) {
    const chunk = clean.subarray(at, at + CHUNK);
    heap.set(chunk, SRC_AT);
    const found = scan(SRC_AT, chunk.length, OUT_AT);
    blocks += found;
    if (!countLanes) continue;
    const view = new Int32Array(mem.buffer, OUT_AT, found * 2);
    for (let index = 0; index < found; index++) {
      let mask = view[2 * index + 1] as number;
      const base = (view[2 * index] as number) - SRC_AT;
      while (mask !== 0) {
        const lane = 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        lanes++;
        const end = base + lane + 2;
        if (patterns.has(chunk.toString('latin1', end - 2, end + 1))) exact++;
      }
    }
  }
  return { blocks, lanes, exact };
}
function copyIn(): number {
  for (let at = 0; at < clean.length; at += CHUNK) heap.set(clean.subarray(at, at + CHUNK), SRC_AT);
  return 0;
}
const text = clean.toString('latin1');
const rare = () => {
  let hits = 0;
  for (let at = text.indexOf('~'); at !== -1; at = text.indexOf('~', at + 1)) hits++;
  return hits;
};
let countLanes = true;
const counts = prefilter();
countLanes = false;
const runs = {
  'copy into the module': copyIn,
  'copy + the SIMD loop that hands nothing on (its floor)': floorScan,
  'copy + SIMD pre-filter': () => prefilter().blocks,
  "indexOf('~')": rare,
};
const best: Record<string, number> = {};
const rounds = Number(process.argv[2] ?? 40);
for (let round = 0; round < rounds; round++)
  for (const [name, run] of Object.entries(runs)) {
    const start = process.cpuUsage();
    for (let repeat = 0; repeat < 10; repeat++) run();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 10 / 1000);
  }
console.log(
  `Node ${process.version}, ${patterns.size} fingerprints in 8 buckets, min CPU of ${rounds} rounds`,
);
for (const [name, ms] of Object.entries(best))
  console.log(
    `${name}: ${ms.toFixed(3)} ms per ${clean.length} bytes (${((ms * 1e6) / clean.length).toFixed(3)} ns/byte)`,
  );
const byBucket = buckets.map(
  (bucket) => `${bucket.length}:${[...new Set(bucket.map((pattern) => pattern[2]))].join('')}`,
);
console.log(`buckets (patterns: anchors) ${byBucket.join(' | ')}`);
console.log(
  `handed on: ${counts.blocks} blocks of 16 (of ${Math.ceil(clean.length / 16)}), ${counts.lanes} positions, ${counts.exact} of them an exact fingerprint`,
);
