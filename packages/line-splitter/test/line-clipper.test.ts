import { pipeline } from 'node:stream/promises';
import {
  batchOf,
  collect,
  decodeKeepingBom as decode,
  describeStageContract,
  everySplit,
  feed,
  flattenUnits as flatten,
  unitsOf,
} from '@pipeguard/test-utils';
import { Writable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import {
  type ClippedLineUnit,
  type LineBatch,
  LineClipper,
  type LineClipperOptions,
  LineSplitter,
  type LineUnit,
} from '../src/index';

async function clip(chunks: Array<LineUnit | LineBatch>, options?: LineClipperOptions) {
  const clipper = new LineClipper(options);
  const output = await collect<ClippedLineUnit | LineBatch>(feed(chunks as never).pipe(clipper));
  return { output, stats: clipper.stats };
}

describe('LineClipper', () => {
  it('should pass units within the cap through as the same objects', async () => {
    const units = unitsOf(Buffer.from('short\nexactly10\n'));
    const { output, stats } = await clip(units, { maxLineBytes: 9 });
    expect(output).toEqual(units);
    expect(output[0]).toBe(units[0]);
    expect(stats).toEqual({ units: 2, clippedUnits: 0, omittedBytes: 0, longestUnitBytes: 9, clips: [] });
  });

  it('should clip a 5000-byte unit and append a marker naming its stream offsets', async () => {
    const units = unitsOf(Buffer.from(`ab\n${'x'.repeat(5000)}\r\n`), 1000);
    const { output, stats } = await clip(units);
    const clipped = output[1] as ClippedLineUnit;
    expect(clipped.bytes.toString()).toBe(
      `${'x'.repeat(2000)}…[+3000 bytes omitted, starting at byte offset 3003 up to and including byte offset 6002]`,
    );
    expect(clipped).toMatchObject({ terminator: '\r\n', offset: 1003 });
    expect(stats).toEqual({
      units: 2,
      clippedUnits: 1,
      omittedBytes: 3000,
      longestUnitBytes: 5000,
      clips: [
        {
          line: 2,
          lineBytes: 5000,
          keptBytes: 2000,
          omittedBytes: 3000,
          omittedStart: 3003,
          omittedEnd: 6002,
        },
      ],
    });
    expect(clipped.clip).toEqual(stats.clips[0]);
  });

  it('should use an ASCII ellipsis when the kept bytes are not UTF-8 so a legacy decoder reads the marker intact', async () => {
    const units = unitsOf(Buffer.from('café crème brûlée\n', 'latin1'));
    const { output } = await clip(units, { maxLineBytes: 6 });
    expect((output[0] as LineUnit).bytes.toString('latin1')).toBe(
      'café c...[+11 bytes omitted, starting at byte offset 6 up to and including byte offset 16]',
    );
  });

  it('should keep whole characters when a multi-byte character is split at every byte by the cap', async () => {
    const line = Buffer.from('é€😀👩‍👧');
    for (let maxLineBytes = 1; maxLineBytes < line.length; maxLineBytes++) {
      const { output, stats } = await clip(unitsOf(line), { maxLineBytes });
      const keptBytes = stats.clips[0]?.keptBytes ?? 0;
      expect(decode(line.subarray(0, keptBytes))).not.toContain('\u{fffd}');
      expect((output[0] as LineUnit).bytes.subarray(0, keptBytes).equals(line.subarray(0, keptBytes))).toBe(
        true,
      );
    }
  });

  it('should pass an empty unit and an empty batch through', async () => {
    const empty: LineUnit = { bytes: Buffer.alloc(0), terminator: '\n', offset: 0 };
    const emptyBatch: LineBatch = { bytes: Buffer.alloc(0), offset: 1, units: [] };
    const { output, stats } = await clip([empty, emptyBatch], { maxLineBytes: 1 });
    expect(output).toEqual([empty, emptyBatch]);
    expect(stats.units).toBe(1);
  });

  it('should pass a batch with no long unit through as the same object', async () => {
    const batch = batchOf(unitsOf(Buffer.from('a\nbb\n')));
    const { output } = await clip([batch], { maxLineBytes: 2 });
    expect(output[0]).toBe(batch);
  });

  it('should pass a LineSplitter batch with no unit over the cap through without building its units', async () => {
    const splitter = new LineSplitter({ batched: true });
    const clipper = new LineClipper({ maxLineBytes: 5 });
    const chunks = [Buffer.from('a\nbbbbb\r\n'), Buffer.from('cc\n'), Buffer.from('too long\nd\n')];
    const [output] = await Promise.all([
      collect<LineBatch>(clipper),
      pipeline(feed(chunks), splitter, clipper),
    ]);
    // Only the third chunk's batch, which holds the long unit, built its two units.
    expect(splitter.stats.builtUnits).toBe(2);
    expect(flatten(output).toString()).toBe(
      'a\nbbbbb\r\ncc\ntoo l…[+3 bytes omitted, starting at byte offset 17 up to and including byte offset 19]\nd\n',
    );
    expect(clipper.stats).toMatchObject({ units: 5, clippedUnits: 1, longestUnitBytes: 8 });
  });

  it('should split a batch around a clipped unit into views of its bytes, copying none of them', async () => {
    const bytes = Buffer.from('a\r\nlong line\nb\nc');
    // Units that are views of the batch's bytes, as a LineSplitter's are.
    const batch: LineBatch = { bytes, offset: 500, units: unitsOf(bytes, 500) };
    const { output } = await clip([batch], { maxLineBytes: 4 });
    const marker = '…[+5 bytes omitted, starting at byte offset 507 up to and including byte offset 511]';
    expect(flatten(output).toString()).toBe(`a\r\nlong${marker}\nb\nc`);
    const [before, clipped, after] = output as [LineBatch, ClippedLineUnit, LineBatch];
    expect(output).toHaveLength(3);
    expect(before).toEqual({
      bytes: Buffer.from('a\r\n'),
      offset: 500,
      units: [batch.units[0]],
      unitCount: 1,
      longestUnitBytes: 1,
    });
    expect(clipped).toMatchObject({ bytes: Buffer.from(`long${marker}`), terminator: '\n', offset: 503 });
    expect(after).toEqual({
      bytes: Buffer.from('b\nc'),
      offset: 513,
      units: batch.units.slice(2),
      unitCount: 2,
      longestUnitBytes: 1,
    });
    for (const view of [before, after]) {
      expect(view.bytes.buffer).toBe(bytes.buffer);
      expect(view.units[0]?.bytes.byteOffset).toBe(view.bytes.byteOffset);
    }
    expect([before.bytes.byteOffset, after.bytes.byteOffset]).toEqual([
      bytes.byteOffset,
      bytes.byteOffset + 13,
    ]);
  });

  it('should emit a batch whose units are all clipped as units alone', async () => {
    const batch = batchOf(unitsOf(Buffer.from('long\nline\n'), 7));
    const { output, stats } = await clip([batch], { maxLineBytes: 2 });
    expect(output.map((chunk) => 'units' in chunk)).toEqual([false, false]);
    expect(output.map((chunk) => (chunk as ClippedLineUnit).clip?.omittedStart)).toEqual([9, 14]);
    expect(stats).toMatchObject({ units: 2, clippedUnits: 2, omittedBytes: 4 });
  });

  it('should take a sub-batch offset from its first unit when an upstream stage rewrote an earlier unit', async () => {
    // An upstream stage cut the first unit (10 bytes in the stream) to 'ab' and kept its stream offset.
    const units: LineUnit[] = [
      { bytes: Buffer.from('ab'), terminator: '\n', offset: 0 },
      { bytes: Buffer.from('c'), terminator: '\n', offset: 11 },
      { bytes: Buffer.from('toolong'), terminator: '\n', offset: 13 },
      { bytes: Buffer.from('d'), terminator: '', offset: 21 },
    ];
    const { output } = await clip([batchOf(units, 0)], { maxLineBytes: 3 });
    expect(output.map((chunk) => [flatten([chunk]).toString().slice(0, 8), chunk.offset])).toEqual([
      ['ab\nc\n', 0],
      ['too…[+4 ', 13],
      ['d', 21],
    ]);
  });

  it('should record at most maxClipRecords clips but keep counting', async () => {
    const { stats } = await clip(unitsOf(Buffer.from('aaa\nbbb\nccc\n')), {
      maxLineBytes: 1,
      maxClipRecords: 2,
    });
    expect(stats.clippedUnits).toBe(3);
    expect(stats.omittedBytes).toBe(6);
    expect(stats.clips.map((record) => record.line)).toEqual([1, 2]);
  });

  it('should fail through pipeline with ERR_LINE_CLIPPER_INVALID_CHUNK when given raw bytes', async () => {
    const sink = new Writable({ objectMode: true, write: (_chunk, _encoding, done) => done() });
    await expect(
      pipeline(feed([Buffer.from('not a unit\n')]), new LineClipper(), sink),
    ).rejects.toMatchObject({
      name: 'LineClipperError',
      code: 'ERR_LINE_CLIPPER_INVALID_CHUNK',
      message:
        'LineClipper takes LineUnit or LineBatch objects from a LineSplitter. Received an instance of Buffer',
    });
  });

  it('should describe the same bytes when fed units one by one or in batches', async () => {
    const units = unitsOf(Buffer.from('one\r\ntwo two two\nthree\n€€€€\nend'));
    const single = await clip(units, { maxLineBytes: 5 });
    const batched = await clip([batchOf(units.slice(0, 2)), ...units.slice(2, 3), batchOf(units.slice(3))], {
      maxLineBytes: 5,
    });
    expect(flatten(batched.output)).toEqual(flatten(single.output));
    expect(batched.stats).toEqual(single.stats);
  });

  it('should clip real LineSplitter units alike when a CRLF or a 4-byte character is split across chunks', async () => {
    const bytes = Buffer.from(`ab\r\n${'😀'.repeat(10)}\r\nend`);
    const marker = '…[+32 bytes omitted, starting at byte offset 12 up to and including byte offset 43]';
    for (const batched of [false, true]) {
      for (const chunks of everySplit(bytes)) {
        const clipper = new LineClipper({ maxLineBytes: 10 });
        const output = collect<LineUnit | LineBatch>(clipper);
        await pipeline(feed(chunks), new LineSplitter({ batched }), clipper);
        expect(flatten(await output).toString()).toBe(`ab\r\n😀😀${marker}\r\nend`);
        expect(clipper.stats).toMatchObject({ units: 3, clippedUnits: 1, omittedBytes: 32 });
      }
    }
  });
});

describeStageContract('LineClipper', {
  create: (options) => new LineClipper(options as never),
  knownOptions: ['maxLineBytes', 'maxClipRecords'],
  validOptions: [{ maxLineBytes: 10, maxClipRecords: 2 }],
  input: () => unitsOf(Buffer.from(`short\n${'long '.repeat(500)}\n`)),
  invalidOptions: [
    [
      { maxLineBytes: 0 },
      RangeError,
      'The "maxLineBytes" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { maxLineBytes: 2.5 },
      RangeError,
      'The "maxLineBytes" option must be a safe integer greater than or equal to 1. Received 2.5',
    ],
    [
      { maxLineBytes: '80' },
      TypeError,
      `The "maxLineBytes" option must be of type number. Received type string ('80')`,
    ],
    [
      { maxClipRecords: -1 },
      RangeError,
      'The "maxClipRecords" option must be a non-negative safe integer. Received -1',
    ],
    [
      { maxClipRecords: null },
      TypeError,
      'The "maxClipRecords" option must be of type number. Received null',
    ],
    [
      { maxlinebytes: 10 },
      TypeError,
      'The "options" argument has an unknown option "maxlinebytes" (did you mean "maxLineBytes"?)',
    ],
    [[], TypeError, 'The "options" argument must be of type object. Received an instance of Array'],
  ],
});
