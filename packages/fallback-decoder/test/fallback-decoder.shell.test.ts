import { pipeline } from 'node:stream/promises';
import { type LineBatch, LineSplitterCore, type LineUnit } from '@pipeguard/line-splitter/core';
import { nodeByteOps, nodeTextOps } from '@pipeguard/shared';
import { collect, cutAt, cutsFor, driveCore, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FallbackDecoderCore } from '../src/core';
import { iconvCodec } from '../src/iconv-codec';
import { FallbackDecoder } from '../src/index';

const bytes = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }).map((text) => Buffer.from(`${text}\n`)),
      fc.string({ maxLength: 6 }).map((text) => iconv.encode(`${text}Ошибка\r\n`, 'cp1251')),
      fc.uint8Array({ maxLength: 6 }).map((array) => Buffer.from(array)),
    ),
    { maxLength: 10 },
  )
  .map((pieces) => Buffer.concat(pieces));
const chunked = bytes.chain((all) => cutsFor(all.length).map((cuts) => cutAt(all, cuts)));

describe('FallbackDecoder, the Node shell over FallbackDecoderCore', () => {
  it('should emit the text the core emits, with the same stats, for any units, batched or not, and fallback', async () => {
    await fc.assert(
      fc.asyncProperty(
        chunked,
        fc.boolean(),
        fc.constantFrom(null, 'cp1251', ['gbk', 'cp1252']),
        async (chunks, batched, fallback) => {
          const units = driveCore(new LineSplitterCore({ batched, byteOps: nodeByteOps }), chunks) as (
            | LineUnit
            | LineBatch
          )[];
          const core = new FallbackDecoderCore({
            fallback,
            codec: iconvCodec,
            byteOps: nodeByteOps,
            textOps: nodeTextOps,
          });
          const fromCore = driveCore(core, units);
          const decoder = new FallbackDecoder({ fallback });
          const [fromStage] = await Promise.all([collect<string>(decoder), pipeline(feed(units), decoder)]);
          expect(fromStage).toEqual(fromCore);
          expect(decoder.stats).toEqual(core.stats);
          expect(decoder.fallback).toEqual(core.fallback);
        },
      ),
      { numRuns: propertyRuns(50) },
    );
  });
});
