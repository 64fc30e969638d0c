import { createReadStream } from 'node:fs';
import { PassThrough as NodePassThrough, Writable as NodeWritable } from 'node:stream';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as thisGuard from '@pipeguard/binary-guard';
import * as thisSink from '@pipeguard/bounded-sink';
import * as thisCounter from '@pipeguard/byte-counter';
import * as thisDecoder from '@pipeguard/fallback-decoder';
import * as thisSplitter from '@pipeguard/line-splitter';
import * as thisPipeline from '@pipeguard/pipeline';
import * as thisFolder from '@pipeguard/repeat-folder';
import iconv from 'iconv-lite';
import split2 from 'split2';
import { seededBytes } from '../packages/binary-guard/test/corpus';
import { LEGACY_BLOCK, UTF8_BLOCK } from './guarding.bench';
import { countingSink } from './lib/counting-sink';
import {
  CHUNK_BYTES,
  chunksOf,
  linesUpTo,
  logLine,
  logLines,
  MiB,
  repeatedChunks,
  streamOf,
} from './lib/inputs';
import { type Contender, defineGroup, defineQuestion, type Group } from './lib/question';
import { removeTempFile, type WrittenTempFile, writeTempFile } from './lib/temp-file';

/**
 * `PIPEGUARD_AB_BASE=/path/to/other/checkout pnpm bench ab-builds`: every stage of this build against
 * the same stage of another build (a checkout of main, built with `pnpm build`), in one process, on the
 * inputs of the stage questions; each group's ratio is this build over the base, paired per round. Without
 * the variable the base is this checkout itself (CI's quick run: the harness works, the ratios are ~1).
 */
const BASE = process.env['PIPEGUARD_AB_BASE'] ?? fileURLToPath(new URL('..', import.meta.url));

async function loadBase<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(`${BASE}/packages/${name}/dist/index.js`).href)) as T;
}

const builds = {
  this: {
    guard: thisGuard,
    sink: thisSink,
    counter: thisCounter,
    decoder: thisDecoder,
    splitter: thisSplitter,
    folder: thisFolder,
    pipeline: thisPipeline,
  },
  base: {
    guard: await loadBase<typeof thisGuard>('binary-guard'),
    sink: await loadBase<typeof thisSink>('bounded-sink'),
    counter: await loadBase<typeof thisCounter>('byte-counter'),
    decoder: await loadBase<typeof thisDecoder>('fallback-decoder'),
    splitter: await loadBase<typeof thisSplitter>('line-splitter'),
    folder: await loadBase<typeof thisFolder>('repeat-folder'),
    pipeline: await loadBase<typeof thisPipeline>('pipeline'),
  },
};
type Build = (typeof builds)['this'];

/** The group's two contenders, base first (the baseline), each running `run` with its build's modules. */
function both<I>(stage: string, run: (build: Build, input: I) => unknown): Contender<I>[] {
  return [
    { name: `${stage} (base)`, run: (input) => run(builds.base as Build, input) },
    { name: `${stage} (this build)`, run: (input) => run(builds.this, input) },
  ];
}

function abGroup<I>(
  group: Omit<Group<I>, 'baseline' | 'contenders'>,
  stage: string,
  run: (build: Build, input: I) => unknown,
  peers: Contender<I>[] = [],
): Group<I> {
  return defineGroup<I>({
    ...group,
    baseline: `${stage} (base)`,
    contenders: [...both(stage, run), ...peers],
  });
}

const readFile = (input: WrittenTempFile) => createReadStream(input.path, { highWaterMark: CHUNK_BYTES });

const fileGroup = (name: string, file: string, block: () => Buffer, fullMiB: number, runs: number) => ({
  name,
  runs,
  setup: ({ quick }: { quick: boolean }) => writeTempFile(file, block(), (quick ? 4 : fullMiB) * MiB),
  teardown: removeTempFile,
  bytes: (input: WrittenTempFile) => input.bytes,
});

async function guardFile(build: Build, input: WrittenTempFile): Promise<number> {
  const sink = countingSink('node:stream');
  await streamPipeline(readFile(input), new build.guard.BinaryGuard(), sink);
  return sink.bytes;
}

/** 80-byte log lines, one in ten with non-ASCII text (or, with `gbk`, a GBK error line), in 64 KiB chunks. */
function lines(bytes: number, mix: 'ascii' | 'utf8' | 'gbk'): Buffer[] {
  const line = (index: number) => {
    if (mix === 'ascii' || index % 10 !== 0) return Buffer.from(logLine(index));
    if (mix === 'gbk') return iconv.encode(`${index} 系统找不到指定的文件。编译错误：找不到文件\r\n`, 'gbk');
    return Buffer.from(`${`${index} café ✓ 文件 😀 `.padEnd(60, 'é')}\n`);
  };
  return chunksOf(Buffer.concat(linesUpTo(bytes, line, (next) => next.length)));
}

interface Chunks {
  chunks: Buffer[];
}
const chunkBytes = ({ chunks }: Chunks) => chunks.reduce((sum, chunk) => sum + chunk.length, 0);

/** Drains an object stream, counting what it hands over with `measure`. */
function counter(measure: (item: never) => number): NodeWritable & { count: number } {
  const sink = new NodeWritable({
    objectMode: true,
    write(item: unknown, _encoding, callback) {
      sink.count += measure(item as never);
      callback();
    },
  }) as NodeWritable & { count: number };
  sink.count = 0;
  return sink;
}

const memoryGroup = (name: string, make: (quick: boolean) => Buffer[], runs = 9) => ({
  name,
  runs,
  setup: ({ quick }: { quick: boolean }): Chunks => ({ chunks: make(quick) }),
  bytes: chunkBytes,
});

async function split(build: Build, { chunks }: Chunks, batched: boolean): Promise<number> {
  const sink = counter((item: { unitCount?: number }) => (batched ? (item.unitCount ?? 0) : 1));
  await streamPipeline(streamOf(chunks), new build.splitter.LineSplitter({ batched }), sink);
  return sink.count;
}

async function decode(build: Build, { chunks }: Chunks, fallback: string | null): Promise<number> {
  const sink = counter((text: string) => text.length);
  const splitter = new build.splitter.LineSplitter({ batched: true });
  await streamPipeline(streamOf(chunks), splitter, new build.decoder.FallbackDecoder({ fallback }), sink);
  return sink.count;
}

async function bound(build: Build, { chunks }: Chunks, keep: thisSink.KeepMode, keepMatches: boolean) {
  const sink = new build.sink.BoundedSink({ maxBytes: MiB, keep, keepMatches });
  await streamPipeline(streamOf(chunks), sink);
  return (await sink.done).keptBytes;
}

async function through(stage: NodeJS.ReadWriteStream, { chunks }: Chunks): Promise<number> {
  const sink = countingSink('node:stream');
  await streamPipeline(streamOf(chunks), stage, sink);
  return sink.bytes;
}

export default defineQuestion({
  id: 'ab-builds',
  title:
    'A/B: each stage of this build against the same stage of the base build (PIPEGUARD_AB_BASE), in one process',
  groups: [
    abGroup(
      fileGroup('guard: UTF-8 text from a file, 64 KiB chunks', 'utf8.txt', UTF8_BLOCK, 128, 25),
      'BinaryGuard',
      guardFile,
      [
        {
          name: 'PassThrough (node:stream)',
          run: (input) => streamPipeline(readFile(input), new NodePassThrough(), countingSink('node:stream')),
        },
      ],
    ),
    abGroup(
      fileGroup('guard: cp1251 text from a file', 'cp1251.txt', LEGACY_BLOCK, 64, 9),
      'BinaryGuard',
      guardFile,
    ),
    abGroup(
      fileGroup('guard: random bytes from a file', 'random.bin', () => seededBytes(MiB), 128, 9),
      'BinaryGuard',
      guardFile,
    ),
    abGroup(
      memoryGroup('splitter: 80-byte lines, batched, reading unitCount', (quick) =>
        lines(quick ? 4 * MiB : 64 * MiB, 'ascii'),
      ),
      'LineSplitter batched',
      (build, input) => split(build, input, true),
      [
        {
          name: 'split2',
          run: async ({ chunks }) => {
            const sink = counter(() => 1);
            await streamPipeline(streamOf(chunks), split2(), sink);
            return sink.count;
          },
        },
      ],
    ),
    abGroup(
      memoryGroup('splitter: 80-byte lines, one unit each', (quick) =>
        lines(quick ? 4 * MiB : 32 * MiB, 'ascii'),
      ),
      'LineSplitter',
      (build, input) => split(build, input, false),
    ),
    abGroup(
      memoryGroup('decoder: lines, 1 in 10 non-ASCII, after a batched splitter', (quick) =>
        lines(quick ? 4 * MiB : 32 * MiB, 'utf8'),
      ),
      'LineSplitter + FallbackDecoder',
      (build, input) => decode(build, input, null),
      [
        {
          name: 'iconv-lite decodeStream (utf8)',
          run: async ({ chunks }) => {
            const sink = counter((text: string) => text.length);
            await streamPipeline(streamOf(chunks), iconv.decodeStream('utf8'), sink);
            return sink.count;
          },
        },
      ],
    ),
    abGroup(
      memoryGroup('decoder: lines, 1 in 10 GBK, fallback gbk', (quick) =>
        lines(quick ? 4 * MiB : 32 * MiB, 'gbk'),
      ),
      'LineSplitter + FallbackDecoder',
      (build, input) => decode(build, input, 'gbk'),
    ),
    abGroup(
      memoryGroup(
        'sink: 1 MiB tail of 256 MiB',
        (quick) => repeatedChunks('log line\n', quick ? 64 : 4096),
        9,
      ),
      'BoundedSink keep tail',
      (build, input) => bound(build, input, 'tail', false),
      [{ name: 'count only', run: (input) => through(new NodePassThrough(), input) }],
    ),
    abGroup(
      memoryGroup(
        'sink: 1 MiB head and tail of 256 MiB, keepMatches',
        (quick) => repeatedChunks('log line\n', quick ? 64 : 4096),
        9,
      ),
      'BoundedSink keep both, keepMatches',
      (build, input) => bound(build, input, 'both', true),
    ),
    abGroup(
      memoryGroup('counter: 256 MiB', (quick) => repeatedChunks('log line\n', quick ? 64 : 4096), 9),
      'ByteCounter',
      (build, input) => through(new build.counter.ByteCounter(), input),
    ),
    abGroup(
      memoryGroup(
        'folder: 64 MiB of log lines',
        (quick) => chunksOf(logLines(quick ? 4 * MiB : 64 * MiB)),
        9,
      ),
      'RepeatFolder',
      (build, input) => through(new build.folder.RepeatFolder(), input),
    ),
    abGroup(
      memoryGroup(
        'preset: pipeline() on 128 MiB of log lines, 1 MiB kept',
        (quick) => chunksOf(logLines(quick ? 4 * MiB : 128 * MiB)),
        9,
      ),
      'pipeline()',
      async (build, { chunks }) =>
        (await build.pipeline.pipeline(streamOf(chunks), { maxBytes: MiB })).keptBytes,
    ),
  ],
});
