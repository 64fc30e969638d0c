import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { readBytesAsUtf8 } from '@pipeguard/file-window';
import { cutAt, feed, makeTempDir } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { Readable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { pipeline } from '../src/index';

const lines = (count: number, width = 79) =>
  Array.from(
    { length: count },
    (_, index) => `${String(index).padStart(6, '0')} ${'x'.repeat(width - 7)}\n`,
  ).join('');

describe('pipeline', () => {
  it('should hand back UTF-8 text unchanged with the true raw byte count', async () => {
    const text = 'héllo wörld\r\nprogress 10%\rprogress 100%\n日本語 😀\n';
    const capture = await pipeline(feed(cutAt(Buffer.from(text), [3, 9, 20])));
    expect(capture).toMatchObject({
      text,
      bytes: Buffer.byteLength(text),
      truncated: false,
      binaryWithheld: false,
    });
  });

  it('should expose live stage stats while running', async () => {
    const run = pipeline(feed([Buffer.from('abc'), Buffer.from('def')]));
    expect(Object.keys(run.stages)).toEqual([
      'counter',
      'spill',
      'guard',
      'transcoder',
      'renderer',
      'redactor',
      'folder',
      'sink',
    ]);
    await run;
    expect(run.stages.counter.bytes).toBe(6);
    expect(run.stages.counter.stats).toEqual({ bytes: 6, chunks: 2 });
    expect(run.stages.sink.stats).toMatchObject({ totalBytes: 6, retainedBytes: 6 });
    expect(run.stages.transcoder.encoding).toBeNull();
  });

  it('should decode a GBK line in a kept tail with the fallback, keeping the UTF-8 lines around it', async () => {
    const bytes = Buffer.concat([
      Buffer.from(lines(2000)),
      Buffer.from('ok ✓\n'),
      iconv.encode('错误：磁盘已满\n', 'gbk'),
      Buffer.from('end\n'),
    ]);
    const capture = await pipeline(feed(cutAt(bytes, [70_000, 140_000])), {
      maxBytes: 64,
      keep: 'tail',
      fallback: 'gbk',
    });
    expect(capture.text).toBe(
      `...[stdout truncated: ${bytes.length - 64} of ${bytes.length} bytes omitted; limit is 64 bytes]\n${'x'.repeat(37)}\nok ✓\n错误：磁盘已满\nend\n`,
    );
    expect(capture.decoder).toMatchObject({ fallbackUnits: 1 });
  });

  it('should resolve fallback auto from the host locale', async () => {
    const saved = process.env.LC_ALL;
    process.env.LC_ALL = 'ru_RU.CP1251';
    try {
      const capture = await pipeline(feed([iconv.encode('Ошибка: файл не найден\n', 'cp1251')]), {
        fallback: 'auto',
      });
      expect(capture.text).toBe('Ошибка: файл не найден\n');
    } finally {
      if (saved === undefined) delete process.env.LC_ALL;
      else process.env.LC_ALL = saved;
    }
  });

  it('should transcode UTF-16LE with a byte-order mark to UTF-8 before splitting', async () => {
    const text = 'PowerShell wrote this\r\nÜber 😀\r\n'.repeat(50);
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const capture = await pipeline(feed(cutAt(bytes, [1, 7, 333])));
    expect(capture).toMatchObject({
      text,
      transcodedFrom: 'utf-16le',
      binaryWithheld: false,
      bytes: bytes.length,
    });
  });

  it('should clip long lines with markers that name stream offsets, also in a kept tail', async () => {
    const bytes = Buffer.from(`${lines(10)}${'a'.repeat(5000)}\n`);
    const whole = await pipeline(feed([bytes]), { maxLineBytes: 2000 });
    expect(whole.text).toContain(
      'a…[+3000 bytes omitted, starting at byte offset 2800 up to and including byte offset 5799]\n',
    );
    expect(whole.clippedLines).toBe(1);
    // The kept tail starts inside the long line, at stream offset 5801 - 3000 = 2801.
    const tail = await pipeline(feed([bytes]), { maxBytes: 3000, keep: 'tail', maxLineBytes: 2000 });
    expect(tail.text).toContain(
      'a…[+999 bytes omitted, starting at byte offset 4801 up to and including byte offset 5799]\n',
    );
  });

  it('should withhold binary and say so', async () => {
    const random = Buffer.from(Array.from({ length: 100_000 }, (_, index) => (index * 7919) % 256));
    const capture = await pipeline(feed(cutAt(random, [65_536])), { label: 'stderr' });
    expect(capture.binaryWithheld).toBe(true);
    expect(capture.text).toMatch(/^\[binary output withheld: stderr, 100000 bytes from byte 0, /);
  });

  it('should place the placeholder after the kept text, whole, outside the byte budget', async () => {
    const text = Buffer.from('x'.repeat(1000));
    const random = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7919) % 256));
    const capture = await pipeline(feed([text, random]), { maxBytes: 100 });
    const marker = '...[stdout truncated: 900 of 1000 bytes omitted; limit is 100 bytes]';
    expect(capture.text).toBe(`${'x'.repeat(100)}\n${marker}\n${capture.placeholder}\n`);
    expect(capture.placeholder).toMatch(
      /^\[binary output withheld: stdout, 5000 bytes from byte 1000, [\d.]+% control bytes\. .*\]$/,
    );
    expect(capture.keptBytes + capture.omittedBytes + capture.withheldBytes).toBe(capture.bytes);
  });

  it('should pass binary through when the guard is off', async () => {
    const capture = await pipeline(feed([Buffer.from([0, 1, 2, 0xff])]), { binaryGuard: false });
    expect(capture).toMatchObject({ binaryWithheld: false, text: '\u0000\u0001\u0002\ufffd' });
  });

  it('should spill the raw stream and name where the omitted bytes start', async () => {
    const directory = await makeTempDir('pipeguard-spill-');
    const bytes = Buffer.from(lines(1000));
    const capture = await pipeline(feed(cutAt(bytes, [4096, 50_000])), { maxBytes: 1000, spill: directory });
    const path = capture.spillPath as string;
    expect(capture.marker).toBe(
      `...[stdout truncated: ${bytes.length - 1000} of ${bytes.length} bytes omitted; limit is 1000 bytes; full output in ${path}; omitted bytes start at byte offset 1000]`,
    );
    expect(await readFile(path)).toEqual(bytes);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const window = await readBytesAsUtf8(path, {
      offset: capture.omittedStart as number,
      windowBytes: capture.omittedBytes,
    });
    expect(window.text).toBe(bytes.subarray(1000).toString());
  });

  it('should bound the spill file by spillMaxBytes and say so', async () => {
    const directory = await makeTempDir('pipeguard-spill-');
    const capture = await pipeline(feed([Buffer.from(lines(100))]), {
      maxBytes: 100,
      spill: directory,
      spillMaxBytes: 4000,
    });
    expect(capture.spilledBytes).toBe(4000);
    expect(capture.marker).toContain(`its first 4000 bytes are in ${capture.spillPath}`);
    expect((await stat(capture.spillPath as string)).size).toBe(4000);
  });

  it('should keep the spill file in its directory whatever the label says', async () => {
    const directory = await makeTempDir('pipeguard-spill-');
    const capture = await pipeline(feed([Buffer.from(lines(100))]), {
      maxBytes: 100,
      spill: directory,
      label: '../../escaped/out',
    });
    expect(dirname(capture.spillPath as string)).toBe(directory);
    expect(basename(capture.spillPath as string)).toMatch(/^pipeguard-\.\._\.\._escaped_out-[\w-]+\.out$/);
    expect((await stat(capture.spillPath as string)).size).toBeGreaterThan(0);
  });

  it('should reject with the source error, end the live lines and remove the spill file', async () => {
    const directory = await makeTempDir('pipeguard-spill-');
    const source = new Readable({
      read() {
        this.push(Buffer.from('partial line\n'));
        this.destroy(Object.assign(new Error('connection reset'), { code: 'ECONNRESET' }));
      },
    });
    const run = pipeline(source, { spill: directory, live: true });
    await expect(run).rejects.toMatchObject({ code: 'ECONNRESET' });
    // The live lines end (the loop returns) and no file is left behind.
    for await (const _event of run.lines ?? []) {
    }
    expect(run.stages.spill?.destroyed).toBe(true);
    expect(await readdir(directory)).toEqual([]);
  });

  it('should reject a spill directory that does not exist, destroying the spill tap', async () => {
    const run = pipeline(feed([Buffer.from('x')]), { spill: '/no/such/dir' });
    await expect(run).rejects.toMatchObject({ code: 'ENOENT' });
    expect(run.stages.spill?.destroyed).toBe(true);
  });

  it('should not mutate the options object', async () => {
    // Frozen to the leaves: any write to them throws (modules are strict), so finishing is the proof.
    const fallback = Object.freeze(['gbk']) as string[];
    const options = Object.freeze({ maxBytes: 5, keep: 'both' as const, fallback });
    await expect(pipeline(feed([Buffer.from('abcdefgh')]), options)).resolves.toMatchObject({ keptBytes: 5 });
  });

  it.each([
    [
      { maxBytes: -1 },
      RangeError,
      'The "maxBytes" option must be a non-negative safe integer or null. Received -1',
    ],
    [{ keep: 'all' }, RangeError, `The "keep" option must be one of 'head', 'tail', 'both'. Received 'all'`],
    [{ label: 1 }, TypeError, 'The "label" option must be of type string. Received type number (1)'],
    [
      { binaryGuard: 'yes' },
      TypeError,
      `The "binaryGuard" option must be of type boolean. Received type string ('yes')`,
    ],
    [
      { guardWindowBytes: 0 },
      RangeError,
      'The "guardWindowBytes" option must be a safe integer greater than or equal to 1024. Received 0',
    ],
    [
      { maxUnitBytes: 2 },
      RangeError,
      'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received 2',
    ],
    [
      { maxLineBytes: 0 },
      RangeError,
      'The "maxLineBytes" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [{ spill: 5 }, TypeError, 'The "spill" option must be of type string. Received type number (5)'],
    [
      { spillMaxBytes: -1 },
      RangeError,
      'The "spillMaxBytes" option must be a non-negative safe integer or null. Received -1',
    ],
  ])('should throw before reading for invalid options %j', (options, errorClass, message) => {
    const call = () => pipeline(feed([]), options as never);
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
  });
});
