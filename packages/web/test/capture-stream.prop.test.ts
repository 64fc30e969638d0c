import { type Capture as NodeCapture, type PipelineOptions, pipeline } from '@pipeguard/pipeline';
import { cutsFor, feed, messyBytes, propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type CaptureStreamOptions, type CaptureStreamResult, captureStream } from '../src/index';
import { sourceOf } from './checks/web-streams';

/** Pieces of what programs write: text, redraws, colours, repeats, errors, binary, legacy codepages. */
const piece = fc.oneof(
  { weight: 4, arbitrary: messyBytes(8) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(
        'ok\n',
        'step 1 done\n',
        'error: file not found\n',
        'FAIL src/a.test.ts\n',
        'Traceback (most recent call last):\n',
        '  at main (index.js:10:5)\n',
        '\r 50%',
        '\r100%\n',
        '\x1b[31mred\x1b[0m\n',
        '\x1b[1A\x1b[2Kredrawn\n',
        'same line\nsame line\nsame line\n',
        '\t\ttabbed\r\n',
        '\n',
      )
      .map((text) => Buffer.from(text)),
  },
  { weight: 1, arbitrary: fc.constant(iconv.encode('Привет, мир\n', 'cp1251')) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(300, 0)) },
);

/**
 * A stream of pieces, sometimes long enough for the guard's windows, sometimes UTF-16 with a BOM (and
 * maybe a lone surrogate, an odd last byte).
 */
const input = fc
  .tuple(
    fc.array(piece, { maxLength: 60 }),
    fc.nat({ max: 30 }),
    fc.constantFrom(null, null, null, 'utf-16le', 'utf-16be'),
    fc.constantFrom([], [0x3d, 0xd8], [0x41], [0xd8]),
  )
  .map(([pieces, repeats, utf16, odd]) => {
    const body = Buffer.concat(Array.from({ length: 1 + (repeats > 25 ? repeats : 0) }, () => pieces).flat());
    if (utf16 === null) return body;
    const text = new TextDecoder().decode(body);
    return Buffer.concat([
      Buffer.from(utf16 === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]),
      iconv.encode(text, utf16),
      Buffer.from(odd),
    ]);
  })
  .chain((bytes) => cutsFor(bytes.length, 16).map((cuts) => ({ bytes, chunks: cutBuffer(bytes, cuts) })));

function cutBuffer(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const sorted = [...cuts].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const cut of sorted) {
    chunks.push(bytes.subarray(start, cut));
    start = cut;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

/** Options drawn from every one captureStream shares with pipeline(), each present or not. */
const options: fc.Arbitrary<CaptureStreamOptions> = fc.record(
  {
    label: fc.constantFrom('stdout', 'stderr', 'build log'),
    maxBytes: fc.oneof(fc.constant(null), fc.nat({ max: 3000 })),
    keep: fc.constantFrom('head', 'tail', 'both') as fc.Arbitrary<'head'>,
    fallback: fc.constantFrom(
      null,
      'cp1251',
      'windows-1252',
      ['koi8-r', 'cp1251'],
      'latin1',
      'gbk',
      ['shift_jis', 'cp1252'],
      'big5',
    ),
    binaryGuard: fc.boolean(),
    command: fc.constantFrom('make', 'npm test'),
    guardWindowBytes: fc.constantFrom(1024, 4096),
    maxUnitBytes: fc.integer({ min: 4, max: 200 }),
    maxLineBytes: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 80 })),
    render: fc.constantFrom('terminal', 'raw') as fc.Arbitrary<'raw'>,
    maxLiveLines: fc.integer({ min: 1, max: 8 }),
    foldRepeats: fc.boolean(),
    keepMatches: fc.constantFrom(false, true, 'same', ['error', 'FAIL']),
    context: fc.nat({ max: 3 }),
    contextBefore: fc.nat({ max: 3 }),
    matchShare: fc.constantFrom(0.25, 0.5, 0.9),
    maxMatchLineBytes: fc.integer({ min: 1, max: 200 }),
    cutAt: fc.constantFrom('byte', 'line') as fc.Arbitrary<'byte'>,
    profile: fc.constantFrom(null, 'agent') as fc.Arbitrary<'agent'>,
  },
  { requiredKeys: [] },
);

/** The capture as plain data: excerpts' bytes as arrays (Buffers from Node, Uint8Arrays from the web). */
function plain(capture: CaptureStreamResult | NodeCapture): unknown {
  return {
    ...capture,
    excerpts: capture.excerpts.map((excerpt) => ({ ...excerpt, bytes: [...excerpt.bytes] })),
  };
}

/**
 * Whether Node's TerminalRenderer maps short drawn lines to their own start, as the shared
 * `SourceOffsetMap` the web capture uses does. Its own older map (until the renderer takes the shared one)
 * gives a short line the start of an earlier one: then a rendered capture's raw offsets are not compared.
 */
async function nodeRendererSharesTheMap(): Promise<boolean> {
  // 'red' is drawn from a line shorter than the old map's 16-byte grain: 'second line' starts at raw 13.
  const bytes = Buffer.from('\x1b[31mred\x1b[0m\nsecond line\n');
  const capture = await pipeline(feed([bytes]), { render: 'terminal', maxBytes: 5 });
  return capture.omittedSourceStart === 13;
}

/** `capture` without its raw offsets, which the renderer's own map gives differently. */
function withoutRenderedOffsets(capture: unknown): unknown {
  const {
    omittedSourceStart: _,
    excerpts,
    ...rest
  } = capture as { omittedSourceStart: unknown; excerpts: object[] };
  return {
    ...rest,
    excerpts: excerpts.map(({ offset: _offset, ...excerpt }: { offset?: unknown }) => excerpt),
  };
}

describe('captureStream', () => {
  it(
    'should give the Capture pipeline() gives for any bytes, any chunking and any options',
    async () => {
      const sameMap = await nodeRendererSharesTheMap();
      await fc.assert(
        fc.asyncProperty(input, options, async ({ chunks }, drawn) => {
          const expected = plain(await pipeline(feed(chunks), drawn as PipelineOptions));
          const actual = plain(await captureStream(sourceOf(chunks).readable, drawn));
          const rendered = (expected as NodeCapture).renderer !== null;
          if (rendered && !sameMap)
            expect(withoutRenderedOffsets(actual)).toEqual(withoutRenderedOffsets(expected));
          else expect(actual).toEqual(expected);
        }),
        { numRuns: propertyRuns(200) },
      );
    },
    propertyTimeout(180_000),
  );
});

describe('captureStream options', () => {
  it.each([
    { maxBytes: -1 },
    { maxBytes: 1.5 },
    { keep: 'middle' },
    { label: '' },
    { label: 3 },
    { guardWindowBytes: 10 },
    { maxUnitBytes: 2 },
    { maxLineBytes: 0 },
    { render: 'color' },
    { maxLiveLines: 0 },
    { foldRepeats: 'yes' },
    { profile: 'human' },
    { keepMatches: [1] },
    { keepMatches: '' },
    { context: -1 },
    { matchShare: 2 },
    { maxMatchLineBytes: 0 },
    { cutAt: 'word' },
    { binaryGuard: 1 },
    { command: 5 },
    { fallback: [] },
    { fallback: 5 },
    { maxBytez: 1 },
    { spillMaxBytes: 'x' },
    null,
    'agent',
  ])("should throw pipeline()'s error for %j", (invalid) => {
    let expected: unknown;
    try {
      pipeline(feed([]), invalid as PipelineOptions);
    } catch (error) {
      expected = error;
    }
    expect(expected).toBeInstanceOf(Error);
    const { readable } = sourceOf([new Uint8Array(1)]);
    // spill's keys are not captureStream's: an unknown key, where pipeline() checks the value.
    if (invalid !== null && typeof invalid === 'object' && 'spillMaxBytes' in invalid) {
      expect(() => captureStream(readable, invalid as CaptureStreamOptions)).toThrow(
        new TypeError('The "options" argument has an unknown option "spillMaxBytes"'),
      );
      return;
    }
    expect(() => captureStream(readable, invalid as CaptureStreamOptions)).toThrow(expected as Error);
    expect(() => captureStream(readable, invalid as CaptureStreamOptions)).toThrow(
      (expected as Error).constructor as ErrorConstructor,
    );
  });

  it('should not mutate the options object', async () => {
    const options = Object.freeze({
      profile: 'agent',
      maxBytes: 100,
      keepMatches: Object.freeze(['error']),
    } as const);
    const copy = JSON.stringify(options);
    await captureStream(
      sourceOf([new TextEncoder().encode('error here\n')]).readable,
      options as CaptureStreamOptions,
    );
    expect(JSON.stringify(options)).toBe(copy);
  });
});
