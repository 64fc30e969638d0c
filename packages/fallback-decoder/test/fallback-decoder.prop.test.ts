import { isUtf8 } from 'node:buffer';
import { type LineBatch, LineSplitterCore, type LineUnit } from '@pipeguard/line-splitter/core';
import { nodeByteOps, nodeTextOps } from '@pipeguard/shared';
import { chunkedUtf8, cutAt, cutsFor, driveCore, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FallbackDecoderCore } from '../src/core';
import { iconvCodec } from '../src/iconv-codec';
import type { FallbackDecoderOptions } from '../src/index';

const splitterOptions = fc.record({ maxUnitBytes: fc.integer({ min: 4, max: 24 }), batched: fc.boolean() });
type SplitterOptions = { maxUnitBytes: number; batched: boolean };

/** Drives the splitter's and the decoder's cores (the Node stage is a shell: fallback-decoder.shell.test.ts). */
function decode(chunks: Buffer[], options: FallbackDecoderOptions, splitter: SplitterOptions) {
  const fallback = options.fallback as string | string[] | null | undefined;
  const decoder = new FallbackDecoderCore({
    fallback,
    codec: iconvCodec,
    byteOps: nodeByteOps,
    textOps: nodeTextOps,
  });
  const lineSplitter = new LineSplitterCore({ ...splitter, byteOps: nodeByteOps });
  const out = driveCore(decoder, driveCore(lineSplitter, chunks));
  return { text: out.join(''), stats: decoder.stats, builtUnits: lineSplitter.stats.builtUnits };
}

function unitsOf(bytes: Buffer, splitter: SplitterOptions): LineUnit[] {
  const out = driveCore(new LineSplitterCore({ ...splitter, byteOps: nodeByteOps }), [bytes]) as (
    | LineUnit
    | LineBatch
  )[];
  return out.flatMap((item) => ('units' in item ? item.units : [item]));
}

const textDecode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const hanzi = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCharCode(code));

/** Lines in UTF-8, in GBK (some with a NUL), or raw bytes, with every kind of terminator. */
const mixedBytes = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 6 }).map((text) => Buffer.from(text)),
        fc
          .tuple(fc.string({ unit: hanzi, minLength: 1, maxLength: 6 }), fc.constantFrom('', '\0'))
          .map(([text, nul]) => iconv.encode(text + nul, 'gbk')),
        fc.uint8Array({ maxLength: 6 }).map((bytes) => Buffer.from(bytes)),
      ),
      fc.constantFrom('\n', '\r\n', '\r', ''),
    ),
    { maxLength: 12 },
  )
  .map((lines) => Buffer.concat(lines.flatMap(([bytes, terminator]) => [bytes, Buffer.from(terminator)])));
const chunkedMixed = mixedBytes.chain((bytes) =>
  cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })),
);

const fallbacks = fc.constantFrom<FallbackDecoderOptions['fallback']>(null, 'gbk', 'cp1251', [
  'shift_jis',
  'cp1252',
]);

describe('FallbackDecoder properties', () => {
  it('should pass valid UTF-8 through exactly, as TextDecoder does, for any chunking and fallback', () => {
    fc.assert(
      fc.property(
        chunkedUtf8(200),
        fallbacks,
        splitterOptions,
        ({ text, bytes, chunks }, fallback, splitter) => {
          const { text: decoded, stats, builtUnits } = decode(chunks, { fallback }, splitter);
          expect(decoded).toBe(text);
          expect(decoded).toBe(textDecode(bytes));
          expect(stats).toMatchObject({ fallbackUnits: 0, replacedUnits: 0, rejectedUnitBytes: 0 });
          // Valid batches are decoded from their bytes alone: no LineUnit is ever built.
          expect(builtUnits).toBe(splitter.batched ? 0 : stats.units);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should decode each unit of arbitrary bytes as strict UTF-8, else the fallback unless NUL, else as TextDecoder', () => {
    fc.assert(
      fc.property(
        chunkedMixed,
        fc.constantFrom(null, 'gbk'),
        splitterOptions,
        ({ bytes, chunks }, fallback, splitter) => {
          const units = unitsOf(bytes, splitter);
          const paths = units.map(({ bytes: unit }) =>
            isUtf8(unit) ? 'utf8' : fallback === null || unit.includes(0) ? 'replaced' : 'fallback',
          );
          const expected = units
            .map(
              ({ bytes: unit, terminator }, index) =>
                (paths[index] === 'fallback' ? iconv.decode(unit, 'gbk') : textDecode(unit)) + terminator,
            )
            .join('');
          const count = (path: string) => paths.filter((each) => each === path).length;
          const rejectedUnitBytes = units.reduce(
            (sum, unit, index) => sum + (paths[index] === 'utf8' ? 0 : unit.bytes.length),
            0,
          );
          const { text, stats } = decode(chunks, { fallback }, splitter);
          expect(text).toBe(expected);
          expect(stats).toEqual({
            units: units.length,
            utf8Units: count('utf8'),
            fallbackUnits: count('fallback'),
            replacedUnits: count('replaced'),
            rejectedUnitBytes,
          });
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same text and stats for any chunking of the input', () => {
    fc.assert(
      fc.property(chunkedMixed, splitterOptions, ({ bytes, chunks }, splitter) => {
        const options = { fallback: ['shift_jis', 'gbk'] };
        const chunked = decode(chunks, options, splitter);
        const whole = decode([bytes], options, { ...splitter, batched: false });
        expect([chunked.text, chunked.stats]).toEqual([whole.text, whole.stats]);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should recover GBK lines among UTF-8 lines exactly', () => {
    const gbkLine = fc
      .tuple(fc.string({ unit: hanzi, minLength: 1, maxLength: 10 }), fc.string({ maxLength: 4 }))
      .map(([han, ascii]) => `${ascii}${han}`)
      .filter((text) => !isUtf8(iconv.encode(text, 'gbk')));
    const terminator = fc.constantFrom('\n', '\r\n', '\r');
    const line = fc.oneof(
      fc.record({ text: gbkLine, gbk: fc.constant(true), terminator }),
      fc.record({
        text: fc.string({ unit: 'grapheme', maxLength: 10 }),
        gbk: fc.constant(false),
        terminator,
      }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, batched) => {
        const bytes = Buffer.concat(
          lines.map(({ text, gbk, terminator }) =>
            Buffer.from(gbk ? iconv.encode(text + terminator, 'gbk') : text + terminator),
          ),
        );
        const expected = lines.map(({ text, terminator }) => text + terminator).join('');
        expect(decode([bytes], { fallback: 'gbk' }, { maxUnitBytes: 32768, batched }).text).toBe(expected);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
