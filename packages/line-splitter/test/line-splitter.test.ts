import { pipeline } from 'node:stream/promises';
import { chunksOf, collect, cutAt, describeStageContract, everySplit, feed } from '@pipeguard/test-utils';
import { describe, expect, it, vi } from 'vitest';
import {
  isLineBatch,
  isLineUnit,
  type LineBatch,
  LineSplitter,
  type LineSplitterOptions,
  type LineUnit,
} from '../src/index';

/** Splits `chunks` and returns the units as readable rows, batches flattened. */
async function split(chunks: Buffer[], options?: LineSplitterOptions) {
  const splitter = new LineSplitter(options);
  const [out] = await Promise.all([
    collect<LineUnit | LineBatch>(splitter),
    pipeline(feed(chunks), splitter),
  ]);
  const units = out.flatMap((item) => ('units' in item ? item.units : [item]));
  const rows = units.map(({ bytes, terminator, offset }) => [bytes.toString('latin1'), terminator, offset]);
  return { out, units, rows, stats: splitter.stats };
}

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

describe('LineSplitter', () => {
  it('should end units at LF, CRLF and a bare CR with their stream offsets when all appear', async () => {
    const { rows, stats } = await split([bytesOf('one\ntwo\r\nthree\rfour')]);
    expect(rows).toEqual([
      ['one', '\n', 0],
      ['two', '\r\n', 4],
      ['three', '\r', 9],
      ['four', '', 15],
    ]);
    expect(stats).toEqual({ bytes: 19, units: 4, forcedFlushes: 0, pendingBytes: 0, builtUnits: 4 });
  });

  it('should emit empty units for consecutive terminators when lines are empty', async () => {
    const { rows } = await split([bytesOf('\n\r\n\r\r\n')]);
    expect(rows).toEqual([
      ['', '\n', 0],
      ['', '\r\n', 1],
      ['', '\r', 3],
      ['', '\r\n', 4],
    ]);
  });

  it('should emit nothing when the input is empty or only empty chunks', async () => {
    expect((await split([])).out).toEqual([]);
    expect((await split([Buffer.alloc(0), Buffer.alloc(0)])).out).toEqual([]);
  });

  it('should flush the final unterminated unit when the input ends', async () => {
    const { rows } = await split([bytesOf('a\nb'), bytesOf('c')]);
    expect(rows).toEqual([
      ['a', '\n', 0],
      ['bc', '', 2],
    ]);
  });

  it('should end a unit with a bare CR when the input ends right after the CR', async () => {
    expect((await split([bytesOf('progress 50%\r')])).rows).toEqual([['progress 50%', '\r', 0]]);
  });

  it('should keep CRLF one terminator when it is split across chunks at every position', async () => {
    for (const chunks of everySplit(bytesOf('ab\r\ncd\r\n'))) {
      expect((await split(chunks)).rows).toEqual([
        ['ab', '\r\n', 0],
        ['cd', '\r\n', 4],
      ]);
    }
  });

  it('should keep CRLF one terminator when an empty chunk comes between CR and LF', async () => {
    const { rows } = await split([bytesOf('a\r'), Buffer.alloc(0), bytesOf('\nb')]);
    expect(rows).toEqual([
      ['a', '\r\n', 0],
      ['b', '', 3],
    ]);
  });

  it('should keep a multi-byte character whole when it is split at every byte', async () => {
    const text = 'a€😀\nß中';
    for (const chunks of everySplit(bytesOf(text))) {
      const { units } = await split(chunks);
      expect(units.map((unit) => unit.bytes.toString('utf8') + unit.terminator).join('')).toBe(text);
      expect(units).toHaveLength(2);
    }
  });

  it('should cut an unterminated run at maxUnitBytes when it grows past the cap', async () => {
    const { rows, stats } = await split([bytesOf('abcdefghij\nxy')], { maxUnitBytes: 4 });
    expect(rows).toEqual([
      ['abcd', '', 0],
      ['efgh', '', 4],
      ['ij', '\n', 8],
      ['xy', '', 11],
    ]);
    expect(stats.forcedFlushes).toBe(2);
  });

  it('should cut at 32 KiB by default and back off before a character straddling the cut', async () => {
    const line = `${'a'.repeat(32_767)}€${'b'.repeat(40_000)}`;
    const { units, stats } = await split([bytesOf(`${line}\nnext`)]);
    expect(units.map((unit) => [unit.bytes.length, unit.terminator])).toEqual([
      [32_767, ''],
      [32_768, ''],
      [7_235, '\n'],
      [4, ''],
    ]);
    expect(
      units
        .slice(0, 3)
        .map((unit) => unit.bytes.toString())
        .join(''),
    ).toBe(line);
    expect(stats.forcedFlushes).toBe(2);
  });

  it('should not cut a unit of exactly maxUnitBytes when its terminator follows in a later chunk', async () => {
    const { rows, stats } = await split([bytesOf('abcd'), bytesOf('\r'), bytesOf('\nef')], {
      maxUnitBytes: 4,
    });
    expect(rows).toEqual([
      ['abcd', '\r\n', 0],
      ['ef', '', 6],
    ]);
    expect(stats.forcedFlushes).toBe(0);
  });

  it('should back off to the last character boundary when the pending bytes are valid UTF-8', async () => {
    // 'ab' + '€' (3 bytes) straddles a 4-byte cap: the cut moves before the '€'.
    const { units, stats } = await split([bytesOf('ab€cd')], { maxUnitBytes: 4 });
    expect(units.map((unit) => unit.bytes.toString('utf8'))).toEqual(['ab', '€c', 'd']);
    expect(stats.forcedFlushes).toBe(2);
  });

  it('should cut exactly at maxUnitBytes when the pending bytes are not valid UTF-8', async () => {
    // 0xFF, then '中文字' in GBK: not UTF-8, so the cut may split a GBK pair.
    const bytes = Buffer.from([0xff, 0xd6, 0xd0, 0xce, 0xc4, 0xd7, 0xd6]);
    const { units } = await split([bytes], { maxUnitBytes: 4 });
    expect(units.map((unit) => unit.bytes.length)).toEqual([4, 3]);
  });

  it('should keep memory bounded by maxUnitBytes when a long input has no newline', async () => {
    const splitter = new LineSplitter({ maxUnitBytes: 1024 });
    const sizes: number[] = [];
    splitter.on('data', (unit: LineUnit) => sizes.push(unit.bytes.length));
    const pendingAfterWrites: number[] = [];
    for (const chunk of cutAt(Buffer.alloc(4 * 1024 * 1024, 'x'), [1000, 70_000, 70_001, 2_000_000])) {
      await new Promise((resolve) => splitter.write(chunk, resolve));
      pendingAfterWrites.push(splitter.stats.pendingBytes);
    }
    await new Promise((resolve) => splitter.end(resolve));
    expect(sizes).toEqual(Array.from({ length: 4096 }, () => 1024));
    expect(Math.max(...pendingAfterWrites)).toBeLessThanOrEqual(1024);
  });

  it.each([false, true])(
    "should copy each forced cut's bytes once when the run spans chunks (batched: %s)",
    async (batched) => {
      const splitter = new LineSplitter({ maxUnitBytes: 32 * 1024, batched });
      const units = collect<LineUnit | LineBatch>(splitter);
      const concat = vi.spyOn(Buffer, 'concat');
      try {
        // 256 KiB without a newline in 4 KiB chunks: every 32 KiB unit is joined from 8 chunks.
        for (const chunk of chunksOf(Buffer.alloc(256 * 1024, 'x'), 4096)) {
          await new Promise((resolve) => splitter.write(chunk, resolve));
        }
        await new Promise((resolve) => splitter.end(resolve));
        // 7 cuts at the cap, each joined once for its boundary check and reused for the unit, and the last unit.
        expect(concat).toHaveBeenCalledTimes(8);
      } finally {
        concat.mockRestore();
      }
      expect((await units).map((item) => item.bytes.length)).toEqual(
        Array.from({ length: 8 }, () => 32 * 1024),
      );
      expect(splitter.stats).toMatchObject({ forcedFlushes: 7, pendingBytes: 0 });
    },
  );

  it('should emit one batch per chunk whose units are views of its contiguous bytes when batched', async () => {
    const { out } = await split([bytesOf('a\nbb\r\nccc\rdd')], { batched: true });
    expect(out).toHaveLength(2);
    const [batch] = out as LineBatch[];
    expect(batch?.bytes.toString()).toBe('a\nbb\r\nccc\r');
    expect(batch?.offset).toBe(0);
    for (const unit of batch?.units ?? []) {
      expect(unit.bytes.buffer).toBe(batch?.bytes.buffer);
      const start = unit.bytes.byteOffset - (batch?.bytes.byteOffset ?? 0);
      expect(start).toBe(unit.offset - (batch?.offset ?? 0));
    }
    expect((out[1] as LineBatch).units.map((unit) => unit.bytes.toString())).toEqual(['dd']);
  });

  it('should give each batch the longest of its own units when a longer unit began in an earlier chunk', async () => {
    const { out } = await split([bytesOf('a long unit'), bytesOf(' ends\nb\ncc\n')], { batched: true });
    expect((out as LineBatch[]).map((batch) => [batch.unitCount, batch.longestUnitBytes])).toEqual([
      [1, 16],
      [2, 2],
    ]);
  });

  it("should build a batch's units only when they are first read, and once, when batched", async () => {
    const splitter = new LineSplitter({ batched: true });
    const [out] = await Promise.all([
      collect<LineBatch>(splitter),
      pipeline(feed([bytesOf('a\nbb\r\n'), bytesOf('ccc\rlast')]), splitter),
    ]);
    expect(out.map((batch) => [batch.unitCount, batch.longestUnitBytes])).toEqual([
      [2, 2],
      [1, 3],
      [1, 4],
    ]);
    expect(splitter.stats.builtUnits).toBe(0);
    // Recognising a lazy batch by its shape builds none of its units either.
    expect(out.every((batch) => isLineBatch(batch) && !isLineUnit(batch))).toBe(true);
    expect(splitter.stats.builtUnits).toBe(0);
    const [first] = out as [LineBatch];
    expect(first.units.every((unit) => isLineUnit(unit) && !isLineBatch(unit))).toBe(true);
    expect(first.units.map((unit) => [unit.bytes.toString(), unit.terminator, unit.offset])).toEqual([
      ['a', '\n', 0],
      ['bb', '\r\n', 2],
    ]);
    expect(first.units).toBe(first.units);
    expect(splitter.stats).toMatchObject({ units: 4, builtUnits: 2 });
  });

  it('should give a unit begun in an earlier chunk its own batch when batched', async () => {
    const { out } = await split([bytesOf('a\nbb'), bytesOf('b\ncc\n')], { batched: true });
    const batches = (out as LineBatch[]).map((batch) => [
      batch.bytes.toString(),
      batch.offset,
      batch.units.length,
    ]);
    expect(batches).toEqual([
      ['a\n', 0, 1],
      ['bbb\n', 2, 1],
      ['cc\n', 6, 1],
    ]);
  });

  it('should count unit offsets from startOffset when it starts mid-stream', async () => {
    const splitter = new LineSplitter({ startOffset: 1000 });
    const units = collect<LineUnit>(splitter);
    splitter.end(bytesOf('ab\ncd'));
    expect((await units).map(({ offset }) => offset)).toEqual([1000, 1003]);
  });
});

describeStageContract('LineSplitter', {
  create: (options) => new LineSplitter(options as never),
  knownOptions: ['maxUnitBytes', 'batched', 'startOffset'],
  validOptions: [{ maxUnitBytes: 8, batched: true, startOffset: 10 }],
  input: () => [bytesOf('line\n'.repeat(200)), bytesOf('partial')],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    ['big', TypeError, `The "options" argument must be of type object. Received type string ('big')`],
    [
      { maxUnitBytes: '4096' },
      TypeError,
      `The "maxUnitBytes" option must be of type number. Received type string ('4096')`,
    ],
    [{ maxUnitBytes: null }, TypeError, 'The "maxUnitBytes" option must be of type number. Received null'],
    [
      { maxUnitBytes: 3 },
      RangeError,
      'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received 3',
    ],
    [
      { maxUnitBytes: 4.5 },
      RangeError,
      'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received 4.5',
    ],
    [
      { maxUnitBytes: Number.POSITIVE_INFINITY },
      RangeError,
      'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received Infinity',
    ],
    [
      { maxunitbytes: 8 },
      TypeError,
      'The "options" argument has an unknown option "maxunitbytes" (did you mean "maxUnitBytes"?)',
    ],
    [{ batched: 1 }, TypeError, 'The "batched" option must be of type boolean. Received type number (1)'],
    [
      { startOffset: -1 },
      RangeError,
      'The "startOffset" option must be a non-negative safe integer. Received -1',
    ],
  ],
});
