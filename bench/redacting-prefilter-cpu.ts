import type { Candidate } from '../packages/secret-redactor/src/candidate';
import { AnchorSearch } from '../packages/secret-redactor/src/find-candidates';
import { compileRules } from '../packages/secret-redactor/src/options';
import { NameCache, SECRET_NAME_TAIL_PAIRS } from '../packages/secret-redactor/src/secret-names';
import { DASH_PAIRS, NEEDLE_FORMATS, UNDERSCORE_PAIRS } from '../packages/secret-redactor/src/token-detector';
import { chunksOf, redactorCleanText } from './lib/inputs';

/**
 * `pnpm exec tsx bench/redacting-prefilter-cpu.ts [rounds]`: does a one-pass WebAssembly SIMD pre-filter beat
 * the anchors' native `indexOf` passes it would replace? Over the 1.4 MB of clean `git log -p` the core bench
 * reads, in 64 KiB views, CPU time per byte, all contenders alternated in one process:
 * - the 2026-12-07b prototype (Teddy's nibble tables, 3-byte fingerprints ending at the anchor byte, 8
 *   buckets): its floor, its pass handing on (offset, lane mask) pairs, and that pass with a walk of every
 *   lane (the least any second stage on its lanes costs);
 * - an exact pass of the anchors' first bytes (`i8x16.eq` each), with a walk of its lanes, and with a second
 *   stage in JavaScript that lists every anchor's hits;
 * - the single-byte anchors' exact hit lists made inside the module, and the longer anchors found by one pass
 *   of their first two bytes, each beside the native passes of the same anchors;
 * - the native passes alone, and the anchors' search as the scan runs it (`AnchorSearch.collect`);
 * - a JavaScript loop with a table read per byte, a copy into the module, and one `indexOf` of a rare byte.
 * It prints how many positions each hands on, and whether the hit lists equal the `indexOf` hits.
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
  or: [SIMD, 0x50],
};
// Locals: 0 src, 1 len, 2 out, 3 at, 4 end, 5 blocks (i32); 6 v, 7 match, 8 the nibble mask, 9–14 the
// tables (v128): held in locals, not rebuilt at each block.
const ascii = (name: string): number[] => [...leb(name.length), ...[...name].map((c) => c.charCodeAt(0))];
/** A module of one function, `scan`, of the type `[params, …, results, …]`, and a memory `mem` of `pages`. */
const moduleOf = (type: number[], pages: number, body: number[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...type]])),
    ...section(3, vec([[0]])),
    ...section(5, vec([[0x00, pages]])),
    ...section(
      7,
      vec([
        [...ascii('mem'), 0x02, 0],
        [...ascii('scan'), 0x00, 0],
      ]),
    ),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
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
/**
 * The loop over the 16-byte blocks at `SRC` up to `SRC + LEN + endAdjust`: `match` sets `MATCH` from the
 * block at `AT`, and a block with a lane set is handed on as its offset and `mask` of `MATCH` (i32 pairs at
 * `OUT`); returns the number of blocks handed on.
 */
const scanBlocks = (endAdjust: number, match: number[], mask: number[]) => [
  ...op.get(SRC),
  ...op.set(AT),
  ...op.get(SRC),
  ...op.get(LEN),
  ...op.add,
  ...op.i32(endAdjust),
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
  ...match,
  ...op.get(MATCH),
  ...op.anyTrue,
  0x04,
  0x40,
  ...op.get(OUT),
  ...op.get(AT),
  ...op.store(0),
  ...op.get(OUT),
  ...op.get(MATCH),
  ...mask,
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
const assemble = (tables: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const body = [
    ...vec([
      [3, 0x7f],
      [9, 0x7b],
    ]),
    ...op.vconst(NIBBLE),
    ...op.set(NIBBLE_LOCAL),
    ...tables.flatMap((table, index) => [...op.vconst(table), ...op.set(NIBBLE_LOCAL + 1 + index)]),
    ...scanBlocks(
      -18,
      [...fingerprint(0), ...fingerprint(1), ...fingerprint(2)],
      [...op.vconst(new Uint8Array(16)), ...op.eq, ...op.bitmask, ...op.i32(0xffff), 0x73], // i32.xor
    ),
  ];
  return moduleOf([3, 0x7f, 0x7f, 0x7f, 1, 0x7f], 64, body);
};
/**
 * The other shape: one exact compare per first byte of an anchor (`i8x16.eq` against each, ORed), no
 * fingerprint: it hands on every byte that starts an anchor, the lanes a second stage would test exactly.
 */
const assembleByteSet = (firsts: number[]): Uint8Array<ArrayBuffer> => {
  const FIRST_LOCAL = 8;
  const body = [
    ...vec([
      [3, 0x7f],
      [2 + firsts.length, 0x7b],
    ]),
    ...firsts.flatMap((byte, index) => [
      ...op.vconst(new Uint8Array(16).fill(byte)),
      ...op.set(FIRST_LOCAL + index),
    ]),
    ...scanBlocks(
      0,
      [
        ...op.get(AT),
        ...op.load(0),
        ...op.set(V),
        ...firsts.flatMap((_, index) => [
          ...op.get(V),
          ...op.get(FIRST_LOCAL + index),
          ...op.eq,
          ...(index === 0 ? [] : op.or),
        ]),
        ...op.set(MATCH),
      ],
      op.bitmask,
    ),
  ];
  return moduleOf([3, 0x7f, 0x7f, 0x7f, 1, 0x7f], 64, body);
};
type Exports = { mem: WebAssembly.Memory; scan: (src: number, len: number, out: number) => number };
const prototype = new WebAssembly.Instance(new WebAssembly.Module(assemble(tables)))
  .exports as unknown as Exports;
const { mem, scan } = prototype;
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
// What a pre-filter would replace: the anchors' searches as the scan runs them, over the same 64 KiB views
// (their Latin-1 text made once, outside the timed code: the detectors need it either way).
const rules = compileRules(undefined);
const views = chunksOf(clean).map((bytes) => ({
  bytes,
  text: bytes.toString('latin1'),
  names: new NameCache(),
}));
function collectAnchors(): number {
  let candidates = 0;
  for (const view of views) {
    const out: Candidate[] = [];
    new AnchorSearch(view, rules, 0).collect(0, view.bytes.length, out);
    candidates += out.length;
  }
  return candidates;
}
/** The anchors' search texts, as find-candidates.ts builds them (its `ANCHORS`, with `needleAnchors()`). */
const ANCHOR_TEXTS = [
  'BEGIN',
  '=',
  ':',
  '_',
  '-',
  'J',
  '~',
  'A',
  'SG',
  'SK',
  'vs.',
  'vb.',
  'EZ',
  'LT',
  '0c01.',
];
ANCHOR_TEXTS.push('Vmd', '4b1d', 'JrIjoi');
function indexOfPasses(): number {
  let hits = 0;
  for (const { text: viewText } of views)
    for (const needle of ANCHOR_TEXTS)
      for (let at = viewText.indexOf(needle); at !== -1; at = viewText.indexOf(needle, at + 1)) hits++;
  return hits;
}
/** One JavaScript pass over the bytes, one table read each: the floor of a pass that stops at every anchor. */
const FIRST_BYTES = new Uint8Array(256);
for (const needle of ANCHOR_TEXTS) FIRST_BYTES[needle.charCodeAt(0)] = 1;
function byteClassPass(): number {
  let hits = 0;
  for (const { bytes } of views)
    for (let at = 0; at < bytes.length; at++) if (FIRST_BYTES[bytes[at] as number] === 1) hits++;
  return hits;
}
const byteSet = new WebAssembly.Instance(
  new WebAssembly.Module(assembleByteSet([...new Set(ANCHOR_TEXTS.map((needle) => needle.charCodeAt(0)))])),
).exports as unknown as Exports;
/**
 * A module's blocks handed on for one view (copied in, with zeros after it: no anchor starts with a zero
 * byte), as (offset, lane mask) i32 pairs, offsets in the module's memory.
 */
function handedOn(module: Exports, bytes: Uint8Array): Int32Array {
  const moduleHeap = new Uint8Array(module.mem.buffer);
  moduleHeap.set(bytes, SRC_AT);
  moduleHeap.fill(0, SRC_AT + bytes.length, SRC_AT + bytes.length + 32);
  const found = module.scan(SRC_AT, bytes.length, OUT_AT);
  return new Int32Array(module.mem.buffer, OUT_AT, found * 2);
}
/** The lanes' positions summed, printed at the end: work the walk cannot skip. */
let checksum = 0;
/** A module's pass and a walk of every lane it hands on (one addition each): the least a second stage costs. */
function walkLanes(module: Exports): number {
  let lanes = 0;
  let sum = 0;
  for (const { bytes } of views) {
    const blocks = handedOn(module, bytes);
    for (let index = 0; index < blocks.length; index += 2) {
      let mask = blocks[index + 1] as number;
      const base = blocks[index] as number;
      while (mask !== 0) {
        sum += base + 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        lanes++;
      }
    }
  }
  checksum += sum;
  return lanes;
}
const hitCounts = new Int32Array(ANCHOR_TEXTS.length);
/**
 * The second stage in JavaScript: one table read names a lane's single-byte anchor, the longer anchors of its
 * byte are tested whole, and every hit goes in its anchor's ascending list (one flat array): what the scan's
 * next-hit lookups would read instead of `indexOf`.
 */
const SINGLE = new Int8Array(256).fill(-1);
ANCHOR_TEXTS.forEach((needle, index) => {
  if (needle.length === 1) SINGLE[needle.charCodeAt(0)] = index;
});
const LONGER: number[][] = Array.from({ length: 256 }, () => []);
ANCHOR_TEXTS.forEach((needle, index) => {
  if (needle.length > 1) (LONGER[needle.charCodeAt(0)] as number[]).push(index);
});
const flatHits = new Int32Array(ANCHOR_TEXTS.length * CHUNK);
const NO_SINGLE = new Int8Array(256).fill(-1);
/**
 * Each view through a module, then each lane handed on: its single-byte anchor (by `single`) listed, its
 * longer anchors tested whole; `check` reads the lists a view leaves.
 */
function listHits(module: Exports, single: Int8Array, check?: (viewText: string) => void): number {
  let hits = 0;
  for (const { bytes, text: viewText } of views) {
    const blocks = handedOn(module, bytes);
    hitCounts.fill(0);
    for (let index = 0; index < blocks.length; index += 2) {
      let mask = blocks[index + 1] as number;
      const base = (blocks[index] as number) - SRC_AT;
      while (mask !== 0) {
        const at = base + 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        const byte = bytes[at] as number;
        const anchor = single[byte] as number;
        if (anchor !== -1) flatHits[anchor * CHUNK + hitCounts[anchor]!++] = at;
        const longer = LONGER[byte] as number[];
        for (let k = 0; k < longer.length; k++) {
          const other = longer[k] as number;
          if (viewText.startsWith(ANCHOR_TEXTS[other] as string, at))
            flatHits[other * CHUNK + hitCounts[other]!++] = at;
        }
      }
    }
    for (const count of hitCounts) hits += count;
    check?.(viewText);
  }
  return hits;
}
/** Whether each of `needles` has exactly its `indexOf` hits in `viewText` listed (`listed(needle, k)`). */
function sameAsIndexOf(
  viewText: string,
  needles: readonly string[],
  listed: (needle: number, k: number) => number,
  count: (needle: number) => number,
): boolean {
  for (let needle = 0; needle < needles.length; needle++) {
    const search = needles[needle] as string;
    let k = 0;
    for (let at = viewText.indexOf(search); at !== -1; at = viewText.indexOf(search, at + 1))
      if (listed(needle, k++) !== at) return false;
    if (k !== count(needle)) return false;
  }
  return true;
}
/**
 * The exact stage inside the module, for the single-byte anchors (`=`, `:`, `_`, `-`, `J`, `~`, `A`: the
 * frequent hits): each lane's anchor by a 256-byte table, its position appended to that anchor's list, so
 * that JavaScript reads finished lists and makes no call per hit. Memory: the view at 0, the table at
 * {@link LIST_TABLE}, the counts (i32) after it, then one list of {@link LIST_CAP} i32 per anchor.
 */
const SINGLES = ANCHOR_TEXTS.filter((needle) => needle.length === 1);
const LIST_CAP = CHUNK + 16;
const LIST_TABLE = CHUNK + 64;
const LIST_COUNTS = LIST_TABLE + 256;
const LISTS_AT = LIST_COUNTS + 64;
const assembleLists = (firsts: number[]): Uint8Array<ArrayBuffer> => {
  // Locals: 0 len (param); 1 at, 2 mask, 3 slot (the anchor's index × 4, from the table), 4 its count × 4,
  // 5 the lane's position (i32); 6 v (v128); 7… the first bytes (v128).
  const [LEN_, AT_, MASK, SLOT, COUNT, LANE, V_, FIRST0] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [sub, mul, and, shl, ctz, geU] = [[0x6b], [0x6c], [0x71], [0x74], [0x68], [0x4f]];
  const load8 = (offset: number) => [0x2d, 0x00, ...leb(offset)];
  const load32 = (offset: number) => [0x28, 0x02, ...leb(offset)];
  const clearLowest = [...op.get(MASK), ...op.get(MASK), ...op.i32(1), ...sub, ...and, ...op.set(MASK)];
  const body = [
    ...vec([
      [5, 0x7f],
      [1 + firsts.length, 0x7b],
    ]),
    ...firsts.flatMap((byte, index) => [
      ...op.vconst(new Uint8Array(16).fill(byte)),
      ...op.set(FIRST0 + index),
    ]),
    ...[0x02, 0x40, 0x03, 0x40, ...op.get(AT_), ...op.get(LEN_), ...geU, 0x0d, 1],
    ...[...op.get(AT_), ...op.load(0), ...op.set(V_)],
    ...firsts.flatMap((_, index) => [
      ...op.get(V_),
      ...op.get(FIRST0 + index),
      ...op.eq,
      ...(index === 0 ? [] : op.or),
    ]),
    ...[...op.bitmask, ...op.set(MASK)],
    // The last partial block: only the lanes before len.
    ...[...op.get(LEN_), ...op.get(AT_), ...sub, ...op.i32(16), ...op.ltU, 0x04, 0x40],
    ...[...op.get(MASK), ...op.i32(1), ...op.get(LEN_), ...op.get(AT_), ...sub, ...shl, ...op.i32(1), ...sub],
    ...[...and, ...op.set(MASK), 0x0b],
    ...[0x02, 0x40, 0x03, 0x40, ...op.get(MASK), 0x45, 0x0d, 1],
    // lane = at + ctz(mask); slot = table[bytes[lane]]; lists[slot / 4][count] = lane; count++
    ...[...op.get(AT_), ...op.get(MASK), ...ctz, ...op.add, ...op.set(LANE)],
    ...[...op.get(LANE), ...load8(0), ...load8(LIST_TABLE), ...op.set(SLOT)],
    ...[...op.get(SLOT), ...load32(LIST_COUNTS), ...op.set(COUNT)],
    ...[
      ...op.get(SLOT),
      ...op.i32(LIST_CAP),
      ...mul,
      ...op.get(COUNT),
      ...op.add,
      ...op.get(LANE),
      ...op.store(LISTS_AT),
    ],
    ...[...op.get(SLOT), ...op.get(COUNT), ...op.i32(4), ...op.add, ...op.store(LIST_COUNTS)],
    ...clearLowest,
    ...[0x0c, 0, 0x0b, 0x0b],
    ...[...op.get(AT_), ...op.i32(16), ...op.add, ...op.set(AT_), 0x0c, 0, 0x0b, 0x0b],
    ...[...op.i32(0), 0x0b],
  ];
  return moduleOf([1, 0x7f, 1, 0x7f], 32, body);
};
const listModule = new WebAssembly.Instance(
  new WebAssembly.Module(assembleLists(SINGLES.map((needle) => needle.charCodeAt(0)))),
).exports as unknown as { mem: WebAssembly.Memory; scan: (len: number) => number };
const listHeap = new Uint8Array(listModule.mem.buffer);
SINGLES.forEach((needle, index) => {
  listHeap[LIST_TABLE + needle.charCodeAt(0)] = 4 * index;
});
const listCounts = new Int32Array(listModule.mem.buffer, LIST_COUNTS, SINGLES.length);
const listPositions = new Int32Array(listModule.mem.buffer, LISTS_AT, SINGLES.length * LIST_CAP);
/** The module's lists for each view; with `read`, each hit then read back in order, as a search would. */
function inModuleLists(read = false): number {
  let hits = 0;
  let sum = 0;
  for (const { bytes } of views) {
    listHeap.set(bytes, 0);
    listCounts.fill(0);
    listModule.scan(bytes.length);
    for (let anchor = 0; anchor < SINGLES.length; anchor++) {
      const count = (listCounts[anchor] as number) / 4;
      hits += count;
      if (read) for (let k = 0; k < count; k++) sum += listPositions[anchor * LIST_CAP + k] as number;
    }
  }
  checksum += sum;
  return hits;
}
function singleIndexOfPasses(): number {
  let hits = 0;
  for (const { text: viewText } of views)
    for (const needle of SINGLES)
      for (let at = viewText.indexOf(needle); at !== -1; at = viewText.indexOf(needle, at + 1)) hits++;
  return hits;
}
/** Whether the module's lists are exactly the `indexOf` hits, view by view. */
function listsMatchIndexOf(): boolean {
  for (const { bytes, text: viewText } of views) {
    listHeap.set(bytes, 0);
    listCounts.fill(0);
    listModule.scan(bytes.length);
    const listed = (anchor: number, k: number) => listPositions[anchor * LIST_CAP + k] as number;
    if (!sameAsIndexOf(viewText, SINGLES, listed, (anchor) => (listCounts[anchor] as number) / 4))
      return false;
  }
  return true;
}
/**
 * The longer anchors (`BEGIN`, `SG`, `SK`, `vs.`, `vb.`, `EZ`, `LT`, `0c01.`, `Vmd`, `4b1d`, `JrIjoi`), which
 * clean text almost never holds but each costs a native pass: one pass comparing every position's first two
 * bytes with each anchor's (`i8x16.eq` at `at` and `at + 1`, ANDed, ORed over the anchors), the rare lanes
 * tested whole in JavaScript.
 */
const LONGERS = ANCHOR_TEXTS.filter((needle) => needle.length > 1);
const assemblePairs = (pairs: [number, number][]): Uint8Array<ArrayBuffer> => {
  // Locals after the shared ones: 8 the bytes at `at + 1`, then each pair's two bytes (v128).
  const [NEXT, PAIR0] = [8, 9];
  const body = [
    ...vec([
      [3, 0x7f],
      [3 + 2 * pairs.length, 0x7b],
    ]),
    ...pairs.flatMap(([a, b], index) => [
      ...op.vconst(new Uint8Array(16).fill(a)),
      ...op.set(PAIR0 + 2 * index),
      ...op.vconst(new Uint8Array(16).fill(b)),
      ...op.set(PAIR0 + 2 * index + 1),
    ]),
    ...scanBlocks(
      0,
      [
        ...op.get(AT),
        ...op.load(0),
        ...op.set(V),
        ...op.get(AT),
        ...op.load(1),
        ...op.set(NEXT),
        ...pairs.flatMap((_, index) => [
          ...op.get(V),
          ...op.get(PAIR0 + 2 * index),
          ...op.eq,
          ...op.get(NEXT),
          ...op.get(PAIR0 + 2 * index + 1),
          ...op.eq,
          ...op.and,
          ...(index === 0 ? [] : op.or),
        ]),
        ...op.set(MATCH),
      ],
      op.bitmask,
    ),
  ];
  return moduleOf([3, 0x7f, 0x7f, 0x7f, 1, 0x7f], 64, body);
};
const pairModule = new WebAssembly.Instance(
  new WebAssembly.Module(
    assemblePairs([
      ...new Map(
        LONGERS.map((needle) => [needle.slice(0, 2), [needle.charCodeAt(0), needle.charCodeAt(1)]]),
      ).values(),
    ] as [number, number][]),
  ),
).exports as unknown as Exports;
function longerIndexOfPasses(): number {
  let hits = 0;
  for (const { text: viewText } of views)
    for (const needle of LONGERS)
      for (let at = viewText.indexOf(needle); at !== -1; at = viewText.indexOf(needle, at + 1)) hits++;
  return hits;
}
function pairListsMatchIndexOf(): boolean {
  const slots = LONGERS.map((needle) => ANCHOR_TEXTS.indexOf(needle));
  let same = true;
  listHits(pairModule, NO_SINGLE, (viewText) => {
    const listed = (needle: number, k: number) => flatHits[(slots[needle] as number) * CHUNK + k] as number;
    same &&= sameAsIndexOf(
      viewText,
      LONGERS,
      listed,
      (needle) => hitCounts[slots[needle] as number] as number,
    );
  });
  return same;
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
  'copy + SIMD pre-filter + a walk of each lane handed on': () => walkLanes(prototype),
  "the anchors' indexOf passes alone": indexOfPasses,
  "copy + exact pass of the anchors' first bytes (i8x16.eq each) + a walk of each lane": () =>
    walkLanes(byteSet),
  "the same + a second stage in JavaScript listing each anchor's hits": () => listHits(byteSet, SINGLE),
  'indexOf passes of the 7 single-byte anchors (= : _ - J ~ A)': singleIndexOfPasses,
  'copy + their exact lists made in the module (no call per hit)': () => inModuleLists(),
  'the same, each hit then read back from its list': () => inModuleLists(true),
  'indexOf passes of the 11 longer anchors': longerIndexOfPasses,
  'copy + one pass of their first two bytes + their lists': () => listHits(pairModule, NO_SINGLE),
  "the anchors' search as the scan runs it (AnchorSearch.collect, no candidate in clean text)":
    collectAnchors,
  'one JavaScript pass, a table read per byte (anchors first bytes)': byteClassPass,
  "indexOf('~')": rare,
};
const best: Record<string, number> = {};
const medians: Record<string, number[]> = {};
const rounds = Number(process.argv[2] ?? 40);
const entries = Object.entries(runs);
for (let round = 0; round < rounds; round++)
  for (const [name, run] of round % 2 === 0 ? entries : [...entries].reverse()) {
    const start = process.cpuUsage();
    for (let repeat = 0; repeat < 10; repeat++) run();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 10 / 1000);
    const list = medians[name] ?? [];
    list.push((used.user + used.system) / 10 / 1000);
    medians[name] = list;
  }
console.log(
  `Node ${process.version}, ${patterns.size} fingerprints in 8 buckets, min CPU of ${rounds} rounds`,
);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
for (const [name, ms] of Object.entries(best))
  console.log(
    `${name}: ${ms.toFixed(3)} ms per ${clean.length} bytes (${((ms * 1e6) / clean.length).toFixed(3)} ns/byte; median ${((median(medians[name] as number[]) * 1e6) / clean.length).toFixed(3)})`,
  );
const byBucket = buckets.map(
  (bucket) => `${bucket.length}:${[...new Set(bucket.map((pattern) => pattern[2]))].join('')}`,
);
console.log(`buckets (patterns: anchors) ${byBucket.join(' | ')}`);
console.log(
  `single-byte anchors: ${singleIndexOfPasses()} indexOf hits, ${inModuleLists()} listed in the module, the same positions: ${listsMatchIndexOf()}`,
);
console.log(
  `longer anchors: ${longerIndexOfPasses()} indexOf hits, ${listHits(pairModule, NO_SINGLE)} listed, the same positions: ${pairListsMatchIndexOf()}`,
);
console.log(
  `native: ${indexOfPasses()} anchor hits, ${collectAnchors()} candidates; ${byteClassPass()} bytes of an anchor's first byte (${walkLanes(byteSet)} lanes from the byte-set pass, ${listHits(byteSet, SINGLE)} anchor hits listed)`,
);
console.log(
  `handed on: (checksum ${checksum}) ${counts.blocks} blocks of 16 (of ${Math.ceil(clean.length / 16)}), ${counts.lanes} positions, ${counts.exact} of them an exact fingerprint`,
);
