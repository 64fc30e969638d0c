// `TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/web/core-cpu.ts [rounds] [write KiB] [word…]`:
// the web shell's folder and batched splitter cores alone (no stream) on the read-sizes prose in memory, written
// 64 KiB (or `write KiB`) at a time, process CPU µs per 64 KiB in alternated rounds: each with the web shell's
// bulk line-end search and with a search per line, the batched splitter counting with `countLineEnds` and over the
// positions (and `PIPEGUARD_BASE=<checkout>`'s cores beside, with the bulk search where that build takes it);
// the decoder after the batched splitter, against a stream-mode `TextDecoder` (the work of its peer,
// `TextDecoderStream`); the cores whose names hold every `word`.
import { FallbackDecoderCore } from '@pipeguard/fallback-decoder/core';
import { LineSplitterCore } from '@pipeguard/line-splitter/core';
import { RepeatFolderCore } from '@pipeguard/repeat-folder/core';
import { webByteOps, webLegacyCodec } from '@pipeguard/web';
import { portableTextOps } from '../../packages/shared/src/core';
import { webBytePositions } from '../../packages/web/src/byte-positions';
import { proseChunks } from './stage-pairs';

/** `PIPEGUARD_BASE=<checkout>`: that build's folder, splitter and decoder cores beside (its dist). */
const base = process.env.PIPEGUARD_BASE;
const baseCores = async (name: string) =>
  base === undefined ? undefined : await import(`${base}/packages/${name}/dist/core.js`);
const baseFolder = (await baseCores('repeat-folder'))?.RepeatFolderCore as
  | typeof RepeatFolderCore
  | undefined;
const baseSplitter = (await baseCores('line-splitter'))?.LineSplitterCore as
  | typeof LineSplitterCore
  | undefined;
const baseDecoder = (await baseCores('fallback-decoder'))?.FallbackDecoderCore as
  | typeof FallbackDecoderCore
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
type Decoder = { write(input: never, emit: (out: string) => void): void; end(): void };

/** The batched splitter's core and the decoder's after it, as one writer (the read-sizes decoder's cores). */
function decoderAfter(splitter: Writer, decoder: Decoder): Writer {
  return {
    write: (chunk, emit) => splitter.write(chunk, (batch) => decoder.write(batch as never, emit)),
    end: (emit) => {
      splitter.end((batch) => decoder.write(batch as never, emit));
      decoder.end();
    },
  };
}
const codec = { name: 'webLegacyCodec', ...webLegacyCodec };
const decoderOptions = { fallback: 'cp1252', codec, byteOps: webByteOps, textOps: portableTextOps };
const CORES: Record<string, () => Writer> = {
  'splitter batched, bulk': () =>
    new LineSplitterCore({ batched: true, byteOps: webByteOps, bytePositions: webBytePositions }),
  'splitter batched, per line': () => new LineSplitterCore({ batched: true, byteOps: webByteOps }),
  'splitter batched, counted (deferBounds)': () =>
    new LineSplitterCore({
      batched: true,
      byteOps: webByteOps,
      bytePositions: webBytePositions,
      deferBounds: true,
    }),
  'splitter batched, counted over the positions (deferBounds, no countLineEnds)': () =>
    new LineSplitterCore({
      batched: true,
      byteOps: webByteOps,
      bytePositions: webBytePositions && {
        windowBytes: webBytePositions.windowBytes,
        find: webBytePositions.find,
      },
      deferBounds: true,
    }),
  'folder, bulk': () => new RepeatFolderCore({ byteOps: webByteOps, bytePositions: webBytePositions }),
  'folder, per line': () => new RepeatFolderCore({ byteOps: webByteOps }),
  'decoder after splitter batched, bounds deferred': () =>
    decoderAfter(
      new LineSplitterCore({
        batched: true,
        byteOps: webByteOps,
        bytePositions: webBytePositions,
        deferBounds: true,
      }),
      new FallbackDecoderCore(decoderOptions),
    ),
  'decoder after splitter batched, bulk': () =>
    decoderAfter(
      new LineSplitterCore({ batched: true, byteOps: webByteOps, bytePositions: webBytePositions }),
      new FallbackDecoderCore(decoderOptions),
    ),
  'decoder peer: TextDecoder, stream mode': () => {
    const decoder = new TextDecoder();
    return {
      write: (chunk, emit) => emit(decoder.decode(chunk, { stream: true })),
      end: (emit) => emit(decoder.decode()),
    };
  },
  ...(baseFolder === undefined || baseSplitter === undefined || baseDecoder === undefined
    ? {}
    : {
        'splitter batched, base build': () =>
          new baseSplitter({ batched: true, byteOps: webByteOps, bytePositions: webBytePositions }),
        'folder, base build': () => new baseFolder({ byteOps: webByteOps, bytePositions: webBytePositions }),
        'decoder after splitter batched, base build': () =>
          decoderAfter(
            new baseSplitter({ batched: true, byteOps: webByteOps, bytePositions: webBytePositions }),
            new baseDecoder(decoderOptions),
          ),
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
