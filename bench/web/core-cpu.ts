// `TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/web/core-cpu.ts [rounds] [write KiB] [word…]`:
// the web shell's folder and batched splitter cores alone (no stream) on the read-sizes prose in memory, written
// 64 KiB (or `write KiB`) at a time, process CPU µs per 64 KiB in alternated rounds: each with the web shell's
// bulk line-end search and with a search per line (and `PIPEGUARD_BASE=<checkout>`'s cores beside); the
// cores whose names hold every `word`.
import { LineSplitterCore } from '@pipeguard/line-splitter/core';
import { RepeatFolderCore } from '@pipeguard/repeat-folder/core';
import { webByteOps } from '@pipeguard/web';
import { webBytePositions } from '../../packages/web/src/byte-positions';
import { proseChunks } from './stage-pairs';

/** `PIPEGUARD_BASE=<checkout>`: that build's folder and splitter cores beside, per line (its dist). */
const base = process.env.PIPEGUARD_BASE;
const baseCores = async (name: string) =>
  base === undefined ? undefined : await import(`${base}/packages/${name}/dist/core.js`);
const baseFolder = (await baseCores('repeat-folder'))?.RepeatFolderCore as
  | typeof RepeatFolderCore
  | undefined;
const baseSplitter = (await baseCores('line-splitter'))?.LineSplitterCore as
  | typeof LineSplitterCore
  | undefined;
const rounds = Number(process.argv[2] ?? 9);
const writeBytes = Number(process.argv[3] ?? 64) * 1024;
const input = new Uint8Array(32 * 1024 * 1024);
for (const [index, chunk] of proseChunks(input.length).entries()) input.set(chunk, index * chunk.length);
const chunks = Array.from({ length: input.length / writeBytes }, (_, index) =>
  input.subarray(index * writeBytes, (index + 1) * writeBytes),
);
type Writer = {
  write(chunk: Uint8Array, emit: (out: unknown) => void): void;
  end(emit: (out: unknown) => void): void;
};
const CORES: Record<string, () => Writer> = {
  'splitter batched, bulk': () =>
    new LineSplitterCore({ batched: true, byteOps: webByteOps, bytePositions: webBytePositions }),
  'splitter batched, per line': () => new LineSplitterCore({ batched: true, byteOps: webByteOps }),
  'folder, bulk': () => new RepeatFolderCore({ byteOps: webByteOps, bytePositions: webBytePositions }),
  'folder, per line': () => new RepeatFolderCore({ byteOps: webByteOps }),
  ...(baseFolder === undefined || baseSplitter === undefined
    ? {}
    : {
        'splitter batched, base build': () => new baseSplitter({ batched: true, byteOps: webByteOps }),
        'folder, base build': () => new baseFolder({ byteOps: webByteOps }),
      }),
};
const names = Object.keys(CORES).filter((name) => process.argv.slice(4).every((word) => name.includes(word)));
const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
let sink = 0;
const emit = (out: unknown) => {
  sink += (out as { bytes?: Uint8Array; length?: number }).length ?? 1;
};
for (let round = 0; round <= rounds; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const core = (CORES[name] as () => Writer)();
    const before = process.cpuUsage();
    for (const chunk of chunks) core.write(chunk, emit);
    core.end(emit);
    const used = process.cpuUsage(before);
    if (round > 0) cpu[name]?.push((used.user + used.system) / (input.length / 65536));
  }
}
for (const name of names) {
  const values = [...(cpu[name] as number[])].sort((a, b) => a - b);
  console.log(
    `${name}: median ${values[values.length >> 1]?.toFixed(2)} µs CPU per 64 KiB (quartiles ${values[values.length >> 2]?.toFixed(2)}-${values[(3 * values.length) >> 2]?.toFixed(2)})`,
  );
}
if (sink < 0) console.log(sink);
