import { open } from 'node:fs/promises';
import { useTempDir } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { readBytesAsUtf8, readLines } from '../src/index';
import { READ_CHUNK_BYTES } from '../src/scan-lines';

const files = useTempDir('pipeguard-file-window-');

describe('readLines', () => {
  it.each([
    [
      { fromLine: 0 },
      RangeError,
      'The "fromLine" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { fromLine: 1.5 },
      RangeError,
      'The "fromLine" option must be a safe integer greater than or equal to 1. Received 1.5',
    ],
    [
      { maxLines: 0 },
      RangeError,
      'The "maxLines" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { maxLines: Number.NaN },
      RangeError,
      'The "maxLines" option must be a safe integer greater than or equal to 1. Received NaN',
    ],
    [
      { maxLines: '10' },
      TypeError,
      `The "maxLines" option must be of type number. Received type string ('10')`,
    ],
    [{ offset: 2 }, TypeError, 'The "options" argument has an unknown option "offset"'],
    [{ limit: 2 }, TypeError, 'The "options" argument has an unknown option "limit"'],
    [
      { maxlinebytes: 10 },
      TypeError,
      'The "options" argument has an unknown option "maxlinebytes" (did you mean "maxLineBytes"?)',
    ],
    [
      { maxLineBytes: -1 },
      RangeError,
      'The "maxLineBytes" option must be a safe integer greater than or equal to 1. Received -1',
    ],
    [{ maxLineBytes: null }, TypeError, 'The "maxLineBytes" option must be of type number. Received null'],
    [
      { omittedPartHint: null },
      TypeError,
      'The "omittedPartHint" option must be of type function. Received null',
    ],
    [
      { omittedPartHint: 'read it' },
      TypeError,
      `The "omittedPartHint" option must be of type function. Received type string ('read it')`,
    ],
    ['all', TypeError, `The "options" argument must be of type object. Received type string ('all')`],
  ])('should reject %o with the option named', async (options, ErrorClass, message) => {
    const file = await files.write('a\n');
    const error = await readLines(file, options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as Error).message).toBe(message);
  });

  it('should not mutate the options object when reading', async () => {
    const file = await files.write('a\nb\nc\n');
    // Frozen: a write to it would throw in strict-mode code, so reading without an exception is the
    // test (an equality check afterwards could never fail).
    const options = Object.freeze({ fromLine: 2, maxLines: 1, maxLineBytes: 10, omittedPartHint: () => '' });
    expect((await readLines(file, options)).text).toBe('     2\tb');
  });

  it('should reject with the system error naming the path when the file is missing', async () => {
    const missing = files.path('missing.log');
    await expect(readLines(missing)).rejects.toMatchObject({ code: 'ENOENT', path: missing });
  });

  it('should number lines as cat -n does when no line is clipped', async () => {
    const file = await files.write('first\n\nthird\n');
    expect(await readLines(file)).toEqual({
      text: '     1\tfirst\n     2\t\n     3\tthird',
      firstLine: 1,
      lineCount: 3,
      nextLine: 4,
      eof: true,
      clipped: [],
      longestLine: { line: 1, lineBytes: 5 },
      fallbackLines: 0,
    });
  });

  it('should give the marker, the summary and a window read of exactly the omitted bytes for one 5000-byte line', async () => {
    // Arrange
    const line = Buffer.from('0123456789'.repeat(500));
    const file = await files.write(line);
    // Act
    const page = await readLines(file);
    const rest = await readBytesAsUtf8(file, { offset: 2000, windowBytes: 3000 });
    // Assert
    expect(page.text).toBe(
      `     1\t${line.toString('latin1', 0, 2000)}…[+3000 bytes omitted, starting at byte offset 2000 up to and including byte offset 4999]\n\n` +
        '[1 of 1 lines exceeded 2000 bytes; longest: line 1, 5000 bytes. Omitted part of line 1: readBytesAsUtf8(file, { offset: 2000, windowBytes: 3000 })]',
    );
    expect(page.clipped).toEqual([
      { line: 1, lineBytes: 5000, keptBytes: 2000, omittedBytes: 3000, omittedStart: 2000, omittedEnd: 4999 },
    ]);
    expect(rest).toMatchObject({
      text: line.toString('latin1', 2000),
      trimmedStartBytes: 0,
      trimmedEndBytes: 0,
      eof: true,
    });
  });

  it('should name the omitted part in the summary as omittedPartHint phrases it, given the first clip', async () => {
    const file = await files.write(`short\n${'x'.repeat(50)}\n${'y'.repeat(60)}\n`);
    const page = await readLines(file, {
      maxLineBytes: 10,
      omittedPartHint: (clip) => `tool read --offset ${clip.omittedStart} --limit ${clip.omittedBytes}`,
    });
    expect(page.text.split('\n\n')[1]).toBe(
      '[2 of 3 lines exceeded 10 bytes; longest: line 3, 60 bytes. Omitted part of line 2: tool read --offset 16 --limit 40]',
    );
  });

  it('should strip the CR of CRLF from content but keep raw offsets exact', async () => {
    const file = await files.write('ab\r\nabcdef\r\nc\r');
    const page = await readLines(file, { maxLineBytes: 4 });
    expect(page.text.split('\n\n')[0]).toBe(
      '     1\tab\n     2\tabcd…[+2 bytes omitted, starting at byte offset 8 up to and including byte offset 9]\n     3\tc',
    );
    expect((await readBytesAsUtf8(file, { offset: 8, windowBytes: 2 })).text).toBe('ef');
  });

  it('should keep a bare CR inside a line as content', async () => {
    const file = await files.write('a\rb\n');
    expect((await readLines(file)).text).toBe('     1\ta\rb');
  });

  it('should back off to the start of a 4-byte character when the cap falls inside it', async () => {
    const file = await files.write('ab😀cd\n');
    for (const maxLineBytes of [3, 4, 5]) {
      const page = await readLines(file, { maxLineBytes });
      expect(page.clipped[0]).toMatchObject({ keptBytes: 2, omittedStart: 2, omittedEnd: 7 });
      expect(page.text.startsWith('     1\tab…[+6 bytes omitted')).toBe(true);
    }
  });

  it('should not let invalid bytes before the cut shift the offsets', async () => {
    const file = await files.write(
      Buffer.concat([Buffer.from('x\n'), Buffer.from([0xff, 0x80]), Buffer.from('abcdef\n')]),
    );
    const page = await readLines(file, { maxLineBytes: 4 });
    expect(page.clipped[0]).toMatchObject({ line: 2, omittedStart: 6, omittedEnd: 9 });
    expect(page.text).toContain('     2\t\u{fffd}\u{fffd}ab…[+4 bytes omitted, starting at byte offset 6');
    expect((await readBytesAsUtf8(file, { offset: 6, windowBytes: 4 })).text).toBe('cdef');
  });

  it('should return the last line when the file does not end with LF', async () => {
    const file = await files.write('a\nb');
    expect(await readLines(file)).toMatchObject({ text: '     1\ta\n     2\tb', nextLine: 3, eof: true });
  });

  it.each([
    ['an empty file', '', 1, '[No lines from line 1: the file has 0 lines.]'],
    ['a fromLine past the last line', 'a\nb\n', 5, '[No lines from line 5: the file has 2 lines.]'],
  ])('should say there are no lines when reading %s', async (_name, content, offset, text) => {
    const file = await files.write(content);
    expect(await readLines(file, { fromLine: offset })).toMatchObject({ text, lineCount: 0, eof: true });
  });

  it('should page by fromLine and maxLines and report where to continue', async () => {
    const file = await files.write('1\n2\n3\n4\n5\n');
    expect(await readLines(file, { fromLine: 2, maxLines: 2 })).toMatchObject({
      text: '     2\t2\n     3\t3',
      nextLine: 4,
      eof: false,
    });
    expect(await readLines(file, { fromLine: 4, maxLines: 2 })).toMatchObject({ nextLine: 6, eof: true });
  });

  it('should find lines and CRLF across read chunks when a long line spans them', async () => {
    // Arrange: a CR as the last byte of the first chunk, its LF the first of the next, and a long line after.
    const first = Buffer.alloc(READ_CHUNK_BYTES - 1, 0x61);
    const long = Buffer.alloc(2 * READ_CHUNK_BYTES, 0x62);
    const file = await files.write(Buffer.concat([first, Buffer.from('\r\n'), long, Buffer.from('\nend')]));
    // Act
    const page = await readLines(file, { maxLineBytes: 3 });
    // Assert
    expect(page.clipped).toEqual([
      {
        line: 1,
        lineBytes: first.length,
        keptBytes: 3,
        omittedBytes: first.length - 3,
        omittedStart: 3,
        omittedEnd: first.length - 1,
      },
      {
        line: 2,
        lineBytes: long.length,
        keptBytes: 3,
        omittedBytes: long.length - 3,
        omittedStart: first.length + 5,
        omittedEnd: first.length + 1 + long.length,
      },
    ]);
    expect(page.text.split('\n').slice(2, 3)).toEqual(['     3\tend']);
  });

  it('should use an open FileHandle and leave it open', async () => {
    const handle = await open(await files.write('a\nb\n'), 'r');
    try {
      expect((await readLines(handle, { fromLine: 2 })).text).toBe('     2\tb');
      expect((await readLines(handle, { maxLines: 1 })).text).toBe('     1\ta');
    } finally {
      await handle.close();
    }
  });

  it('should render every line exactly when the page outgrows its internal output blocks', async () => {
    // Arrange: 20000 lines with 3- and 4-byte characters, those over 40 bytes clipped in the ASCII tail.
    const lines = Array.from({ length: 20000 }, (_, index) => `${index} é😀€ ${'x'.repeat(index % 50)}`);
    const file = await files.write(`${lines.join('\n')}\n`);
    let offset = 0;
    const rows = lines.map((line, index) => {
      const bytes = Buffer.from(line);
      const start = offset;
      offset += bytes.length + 1;
      const shown =
        bytes.length <= 40
          ? line
          : `${bytes.toString('utf8', 0, 40)}…[+${bytes.length - 40} byte${bytes.length === 41 ? '' : 's'} omitted, starting at byte offset ${start + 40} up to and including byte offset ${start + bytes.length - 1}]`;
      return `${String(index + 1).padStart(6)}\t${shown}`;
    });
    // Act
    const page = await readLines(file, { maxLines: lines.length, maxLineBytes: 40 });
    // Assert
    expect(page.text.split('\n\n')[0]).toBe(rows.join('\n'));
  });

  it('should widen the line number column past 999999 lines', async () => {
    const file = await files.write('x\n'.repeat(1_000_001));
    expect((await readLines(file, { fromLine: 999_999 })).text).toBe('999999\tx\n1000000\tx\n1000001\tx');
  });
});
