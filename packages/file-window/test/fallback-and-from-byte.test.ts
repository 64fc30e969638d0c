import { useTempDir } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { readBytesAsUtf8, readLines } from '../src/index';

const files = useTempDir('pipeguard-file-window-fallback-');
// GBK bytes of the texts used (Python's codecs agree: '你好'.encode('gbk')).
const GBK: Readonly<Record<string, string>> = {
  '你好，世界\n': 'c4e3bac3a3accac0bde70a',
  '中文\n': 'd6d0cec40a',
  '错误：文件\n': 'b4edcef3a3bacec4bcfe0a',
  '你好\n': 'c4e3bac30a',
};
const gbk = (text: string) => Buffer.from(GBK[text] as string, 'hex');

describe('readLines with fallback', () => {
  it('should decode the lines that are not UTF-8 with the fallback and leave UTF-8 lines as they are', async () => {
    const file = await files.write(
      Buffer.concat([Buffer.from('héllo\n'), gbk('你好，世界\n'), Buffer.from('end\n')]),
    );
    const page = await readLines(file, { fallback: 'gbk' });
    expect(page.text).toBe('     1\théllo\n     2\t你好，世界\n     3\tend');
    expect(page.fallbackLines).toBe(1);
    const without = await readLines(file);
    expect(without.text).toContain('\ufffd');
    expect(without.fallbackLines).toBe(0);
  });

  it('should try a list of fallbacks in order and keep a line with NUL as UTF-8', async () => {
    const file = await files.write(Buffer.concat([gbk('中文\n'), Buffer.from([0x41, 0x00, 0xff, 0x0a])]));
    const page = await readLines(file, { fallback: ['ascii', 'gbk'] });
    expect(page.text).toBe('     1\t中文\n     2\tA\u0000\ufffd');
    expect(page.fallbackLines).toBe(1);
  });

  it("should resolve 'auto' to this machine's codepage (none on a UTF-8 host)", async () => {
    const file = await files.write(gbk('你好\n'));
    const { resolveAutoFallback } = await import('@pipeguard/fallback-decoder');
    const host = resolveAutoFallback('auto');
    const page = await readLines(file, { fallback: 'auto' });
    expect(page.text).toBe((await readLines(file, { fallback: host })).text);
  });

  it.each([
    [
      { fallback: 'no-such-codepage' },
      TypeError,
      `The "fallback" option must be an encoding iconv-lite supports. Received type string ('no-such-codepage')`,
    ],
    [
      { fallback: 7 },
      TypeError,
      'The "fallback" option must be of type string, an array of strings or null. Received type number (7)',
    ],
    [{ fromByte: -1 }, RangeError, 'The "fromByte" option must be a non-negative safe integer. Received -1'],
    [
      { fromByte: 1, fromLine: 2 },
      TypeError,
      'The "fromLine" option must be undefined when "fromByte" is given. Received type number (2)',
    ],
  ])('should reject %o with the option named', async (options, ErrorClass, message) => {
    const file = await files.write('a\n');
    const error = await readLines(file, options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as Error).message).toBe(message);
  });
});

describe('readLines with fromByte', () => {
  it('should start at the start of the line holding the byte, numbered from the start of the file', async () => {
    const file = await files.write('alpha\nbeta\ngamma\n');
    // b=6..9, its LF at 10; gamma starts at 11.
    for (const [fromByte, first] of [
      [0, '     1\talpha'],
      [3, '     1\talpha'],
      [5, '     1\talpha'],
      [6, '     2\tbeta'],
      [10, '     2\tbeta'],
      [11, '     3\tgamma'],
    ] as const) {
      const page = await readLines(file, { fromByte, maxLines: 1 });
      expect(page.text, String(fromByte)).toBe(first);
    }
    expect(await readLines(file, { fromByte: 8 })).toMatchObject({
      firstLine: 2,
      lineCount: 2,
      nextLine: 4,
      eof: true,
    });
  });

  it('should give an empty page after the last line at or past the end of the file', async () => {
    const terminated = await files.write('a\nb\n');
    const unterminated = await files.write('a\nb');
    expect(await readLines(terminated, { fromByte: 4 })).toMatchObject({
      firstLine: 3,
      lineCount: 0,
      nextLine: 3,
    });
    expect(await readLines(unterminated, { fromByte: 3 })).toMatchObject({
      firstLine: 3,
      lineCount: 0,
      nextLine: 3,
    });
    expect(await readLines(unterminated, { fromByte: 99 })).toMatchObject({ firstLine: 3, lineCount: 0 });
    expect((await readLines(unterminated, { fromByte: 2 })).text).toBe('     2\tb');
  });
});

describe('readBytesAsUtf8 with fallback', () => {
  it('should decode the window line by line, with the fallback where a line is not UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('ok\n'), gbk('错误：文件\n'), Buffer.from('done')]);
    const file = await files.write(bytes);
    const window = await readBytesAsUtf8(file, { fallback: 'gbk' });
    expect(window).toMatchObject({
      text: 'ok\n错误：文件\ndone',
      offset: 0,
      nextOffset: bytes.length,
      fallbackBytes: gbk('错误：文件\n').length,
    });
    expect((await readBytesAsUtf8(file)).fallbackBytes).toBe(0);
  });
});
