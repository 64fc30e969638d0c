import { BinaryGuard } from '@pipeguard/binary-guard';
import { ByteCounter, type ByteCounterProgress } from '@pipeguard/byte-counter';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineSplitter } from '@pipeguard/line-splitter';
import { RepeatFolder } from '@pipeguard/repeat-folder';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { collect, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BinaryGuardStream,
  ByteCounterStream,
  FallbackDecoderStream,
  type LineBatch,
  LineSplitterStream,
  type LineUnit,
  RepeatFolderStream,
  TerminalRendererStream,
} from '../src/index';
import { stageBytes, stageCuts, stageOptions } from './checks/stage-inputs';
import { plainChunks, plainItem } from './checks/stage-outputs';
import { concatBytes, cutBytes, readAll, sourceOf } from './checks/web-streams';

// Differential: the web stream and the Node stage, same options, same bytes, same chunks → same output, same stats.

/** What a Node stage (or a chain of two) emits for `chunks`. */
async function throughNode<T>(chunks: Uint8Array[], stages: NodeJS.ReadWriteStream[]): Promise<T[]> {
  const failed = new Promise<never>((_, reject) => {
    for (const stage of stages) stage.once('error', reject);
  });
  const last = stages.reduce((from, stage) => from.pipe(stage), feed(chunks) as NodeJS.ReadableStream);
  return Promise.race([collect<T>(last), failed]);
}

/** What web streams (or a chain of two) give for `chunks`, piped from a source as `pipeThrough` does. */
function throughWeb<T>(chunks: Uint8Array[], streams: TransformStream[]): Promise<T[]> {
  const readable = streams.reduce<ReadableStream>(
    (from, stream) => from.pipeThrough(stream),
    sourceOf(chunks).readable,
  );
  return readAll(readable as ReadableStream<T>);
}

type OffsetStage = { readonly stats: object; sourceOffsetOf?(outputOffset: number): number | null };

/**
 * Asserts that a byte stage's Node and web builds give the same non-empty chunks and stats for `chunks`, and,
 * every `offsetStep` output bytes, the same source offsets.
 */
async function sameBytes(
  chunks: Uint8Array[],
  node: NodeJS.ReadWriteStream & OffsetStage,
  web: TransformStream<Uint8Array, Uint8Array> & OffsetStage,
  { offsetStep }: { offsetStep?: number } = {},
): Promise<void> {
  const nodeOut = plainChunks(await throughNode<Buffer>(chunks, [node]));
  const webOut = plainChunks(await throughWeb<Uint8Array>(chunks, [web]));
  expect(webOut).toEqual(nodeOut);
  expect(web.stats).toEqual(node.stats);
  if (offsetStep === undefined) return;
  for (let offset = 0; offset <= concatBytes(webOut).length; offset += offsetStep)
    expect(web.sourceOffsetOf?.(offset)).toBe(node.sourceOffsetOf?.(offset));
}

const input = fc.tuple(stageBytes, stageCuts).map(([bytes, cuts]) => cutBytes(bytes, cuts));
const runs = { numRuns: propertyRuns(100) };

describe('the web streams against the Node stages', () => {
  it('should give ByteCounterStream the output, stats and progress of ByteCounter', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.byteCounter, async (chunks, options) => {
        const reports: Record<'node' | 'web', Partial<ByteCounterProgress>[]> = { node: [], web: [] };
        const onProgress =
          (side: 'node' | 'web') =>
          ({ bytes, chunks, done }: ByteCounterProgress) =>
            reports[side].push({ bytes, chunks, done });
        const node = new ByteCounter({ ...options, onProgress: onProgress('node') });
        const web = new ByteCounterStream({ ...options, onProgress: onProgress('web') });
        const nodeOut = await throughNode<Buffer>(chunks, [node]);
        const webOut = await throughWeb<Uint8Array>(chunks, [web]);
        expect(plainChunks(webOut)).toEqual(plainChunks(nodeOut));
        expect(web.stats).toEqual(node.stats);
        expect(reports.web).toEqual(reports.node);
      }),
      runs,
    );
  });

  it('should give LineSplitterStream the units or batches and stats of LineSplitter', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.lineSplitter, async (chunks, options) => {
        const node = new LineSplitter(options);
        const web = new LineSplitterStream(options);
        const nodeOut = (await throughNode<LineUnit | LineBatch>(chunks, [node])).map(plainItem);
        const webOut = (await throughWeb<LineUnit | LineBatch>(chunks, [web])).map(plainItem);
        expect(webOut).toEqual(nodeOut);
        expect(web.stats).toEqual(node.stats);
      }),
      runs,
    );
  });

  it('should give FallbackDecoderStream the strings and stats of FallbackDecoder, after a splitter or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        input,
        stageOptions.fallbackDecoder,
        fc.option(stageOptions.lineSplitter),
        async (chunks, options, splitter) => {
          const node = new FallbackDecoder(options);
          const web = new FallbackDecoderStream(options);
          const nodeOut =
            splitter === null
              ? await throughNode<string>(chunks, [node])
              : await throughNode<string>(chunks, [new LineSplitter(splitter), node]);
          const webOut =
            splitter === null
              ? await throughWeb<string>(chunks, [web])
              : await throughWeb<string>(chunks, [new LineSplitterStream(splitter), web]);
          expect(webOut).toEqual(nodeOut);
          expect(web.stats).toEqual(node.stats);
          expect(web.fallback).toEqual(node.fallback);
        },
      ),
      runs,
    );
  });

  it('should give FallbackDecoderStream with splitLines the strings and stats of LineSplitter batched then FallbackDecoder', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.fallbackDecoder, async (chunks, options) => {
        const node = new FallbackDecoder(options);
        const web = new FallbackDecoderStream({ ...options, splitLines: true });
        const nodeOut = await throughNode<string>(chunks, [new LineSplitter({ batched: true }), node]);
        const webOut = await throughWeb<string>(chunks, [web]);
        expect(webOut).toEqual(nodeOut);
        expect(web.stats).toEqual(node.stats);
      }),
      runs,
    );
  });

  it('should give BinaryGuardStream the bytes, stats and source offsets of BinaryGuard', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.binaryGuard, (chunks, options) =>
        sameBytes(chunks, new BinaryGuard(options), new BinaryGuardStream(options), { offsetStep: 97 }),
      ),
      runs,
    );
  });

  it('should give TerminalRendererStream the text, stats and source offsets of TerminalRenderer', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.terminalRenderer, (chunks, options) =>
        sameBytes(chunks, new TerminalRenderer(options), new TerminalRendererStream(options), {
          offsetStep: 7,
        }),
      ),
      runs,
    );
  });

  it('should give RepeatFolderStream the bytes, stats and source offsets of RepeatFolder', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.repeatFolder, (chunks, options) =>
        sameBytes(chunks, new RepeatFolder(options), new RepeatFolderStream(options), { offsetStep: 13 }),
      ),
      runs,
    );
  });
});

type Make = (options: never) => unknown;

/** Each stage's Node and web constructors, with invalid options of it. */
const STAGES: readonly (readonly [string, Make, Make, readonly unknown[]])[] = [
  [
    'ByteCounter',
    (o) => new ByteCounter(o),
    (o) => new ByteCounterStream(o),
    [{ progressIntervalBytes: -1 }, { progressIntervalMs: 'x' }, { onProgress: 1 }, { nope: 1 }, 5],
  ],
  [
    'LineSplitter',
    (o) => new LineSplitter(o),
    (o) => new LineSplitterStream(o),
    [
      { maxUnitBytes: 3 },
      { batched: 'yes' },
      { startOffset: -1 },
      { startOffset: 0.5 },
      { byteOps: {} },
      null,
    ],
  ],
  [
    'FallbackDecoder',
    (o) => new FallbackDecoder(o),
    (o) => new FallbackDecoderStream(o),
    [{ fallback: [] }, { fallback: 5 }, { fallback: ['cp1252', 7] }, { codec: {} }, { fallbak: null }],
  ],
  [
    'BinaryGuard',
    (o) => new BinaryGuard(o),
    (o) => new BinaryGuardStream(o),
    [
      { guardWindowBytes: 1000 },
      { label: '' },
      { label: 1 },
      { command: 1 },
      { emitPlaceholder: 1 },
      { byteOps: {} },
      'x',
    ],
  ],
  [
    'TerminalRenderer',
    (o) => new TerminalRenderer(o),
    (o) => new TerminalRendererStream(o),
    [{ cols: 0 }, { maxLiveLines: 1.5 }, { maxRowBytes: '4' }, { maxRowBytes: 3 }, { colz: 1 }, []],
  ],
  [
    'RepeatFolder',
    (o) => new RepeatFolder(o),
    (o) => new RepeatFolderStream(o),
    [{ maxFoldLineBytes: 0 }, { maxFoldLineBytes: null }, { byteOps: {} }],
  ],
];

/** Invalid options: the web stream must throw what the Node stage throws (class and message). */
const INVALID = STAGES.flatMap(([name, node, web, invalid]) =>
  invalid.map((options) => [name, options, node, web] as const),
);

/** What `make` throws, as class and message. */
function thrown(make: () => unknown): { errorClass: string; message: string } | 'returned' {
  try {
    make();
    return 'returned';
  } catch (error) {
    return { errorClass: (error as Error).constructor.name, message: (error as Error).message };
  }
}

describe("the web streams' options against the Node stages'", () => {
  it.each(INVALID)('should throw what %s throws for %j', (_name, options, node, web) => {
    const expected = thrown(() => node(options as never));
    expect(expected).not.toBe('returned');
    expect(thrown(() => web(options as never))).toEqual(expected);
  });

  it("should name webLegacyCodec for an encoding it does not decode, and refuse 'auto' and host", () => {
    expect(() => new FallbackDecoderStream({ fallback: 'utf-7' })).toThrow(
      new TypeError(
        `The "fallback" option must be an encoding webLegacyCodec supports. Received type string ('utf-7')`,
      ),
    );
    expect(() => new FallbackDecoderStream({ fallback: 'auto' })).toThrow(
      new TypeError(
        `The "fallback" option must be an encoding webLegacyCodec supports. Received type string ('auto')`,
      ),
    );
    expect(() => new FallbackDecoderStream({ host: { platform: 'linux' } } as never)).toThrow(
      new TypeError('The "options" argument has an unknown option "host"'),
    );
  });
});
