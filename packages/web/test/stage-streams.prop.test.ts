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
import { concatBytes, cutBytes, readAll, sourceOf } from './checks/web-streams';

// Differential: the web stream and the Node stage, same options, same bytes, same chunks → same output, same stats.

/** What a Node stage (or a chain of two) emits for `chunks`, and the stage whose stats count. */
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

/** Byte chunks as plain arrays, the empty ones left out (Node's byte streams never emit one; a web stream may). */
const chunksOf = (chunks: Uint8Array[]) =>
  chunks.filter((chunk) => chunk.length > 0).map((chunk) => new Uint8Array(chunk));
const unitOf = (unit: LineUnit) => ({
  bytes: new Uint8Array(unit.bytes),
  terminator: unit.terminator,
  offset: unit.offset,
});
/** A unit or batch as plain data, every unit read (so both builds count their units as built). */
function plainItem(item: LineUnit | LineBatch) {
  if (!('units' in item)) return unitOf(item);
  const { unitCount, longestUnitBytes } = item;
  return {
    bytes: new Uint8Array(item.bytes),
    offset: item.offset,
    unitCount,
    longestUnitBytes,
    units: item.units.map(unitOf),
  };
}

const input = fc.tuple(stageBytes, stageCuts).map(([bytes, cuts]) => cutBytes(bytes, cuts));
const runs = { numRuns: propertyRuns(Number(process.env.RUNS ?? 150)) };

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
        expect(chunksOf(webOut)).toEqual(chunksOf(nodeOut));
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

  it('should give BinaryGuardStream the bytes, stats and source offsets of BinaryGuard', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.binaryGuard, async (chunks, options) => {
        const node = new BinaryGuard(options);
        const web = new BinaryGuardStream(options);
        const nodeOut = chunksOf(await throughNode<Buffer>(chunks, [node]));
        const webOut = chunksOf(await throughWeb<Uint8Array>(chunks, [web]));
        expect(webOut).toEqual(nodeOut);
        expect(web.stats).toEqual(node.stats);
        for (let offset = 0; offset <= concatBytes(webOut).length; offset += 97)
          expect(web.sourceOffsetOf(offset)).toBe(node.sourceOffsetOf(offset));
      }),
      runs,
    );
  });

  it('should give TerminalRendererStream the text and stats of TerminalRenderer', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.terminalRenderer, async (chunks, options) => {
        const node = new TerminalRenderer(options);
        const web = new TerminalRendererStream(options);
        const nodeOut = chunksOf(await throughNode<Buffer>(chunks, [node]));
        const webOut = chunksOf(await throughWeb<Uint8Array>(chunks, [web]));
        expect(webOut).toEqual(nodeOut);
        expect(web.stats).toEqual(node.stats);
      }),
      runs,
    );
  });

  it('should give RepeatFolderStream the bytes, stats and source offsets of RepeatFolder', async () => {
    await fc.assert(
      fc.asyncProperty(input, stageOptions.repeatFolder, async (chunks, options) => {
        const node = new RepeatFolder(options);
        const web = new RepeatFolderStream(options);
        const nodeOut = chunksOf(await throughNode<Buffer>(chunks, [node]));
        const webOut = chunksOf(await throughWeb<Uint8Array>(chunks, [web]));
        expect(webOut).toEqual(nodeOut);
        expect(web.stats).toEqual(node.stats);
        for (let offset = 0; offset <= concatBytes(webOut).length; offset += 13)
          expect(web.sourceOffsetOf(offset)).toBe(node.sourceOffsetOf(offset));
      }),
      runs,
    );
  });
});
