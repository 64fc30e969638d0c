import { open, truncate, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { useTempDir } from '@pipeguard/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_BYTES, readBytesAsUtf8 } from '../src/index';

const files = useTempDir('pipeguard-file-window-');
const GIB = 1024 ** 3;

describe('readBytesAsUtf8', () => {
  it.each([
    [{ offset: -1 }, RangeError, 'The "offset" option must be a non-negative safe integer. Received -1'],
    [{ offset: 1.5 }, RangeError, 'The "offset" option must be a non-negative safe integer. Received 1.5'],
    [
      { offset: Number.NaN },
      RangeError,
      'The "offset" option must be a non-negative safe integer. Received NaN',
    ],
    [{ offset: '1' }, TypeError, `The "offset" option must be of type number. Received type string ('1')`],
    [
      { windowBytes: -1 },
      RangeError,
      'The "windowBytes" option must be a non-negative safe integer. Received -1',
    ],
    [
      { windowBytes: 0.5 },
      RangeError,
      'The "windowBytes" option must be a non-negative safe integer. Received 0.5',
    ],
    [
      { windowBytes: Number.NaN },
      RangeError,
      'The "windowBytes" option must be a non-negative safe integer. Received NaN',
    ],
    [
      { windowBytes: Infinity },
      RangeError,
      'The "windowBytes" option must be a non-negative safe integer. Received Infinity',
    ],
    [{ limit: 2 }, TypeError, 'The "options" argument has an unknown option "limit"'],
    [
      { ofset: 2 },
      TypeError,
      'The "options" argument has an unknown option "ofset" (did you mean "offset"?)',
    ],
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
  ])('should reject %o with the option named', async (options, ErrorClass, message) => {
    const file = await files.write('abc');
    const error = await readBytesAsUtf8(file, options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as Error).message).toBe(message);
  });

  it('should reject a file argument that is neither a path nor a FileHandle', async () => {
    await expect(readBytesAsUtf8(42 as never)).rejects.toThrow(
      new TypeError(
        'The "file" argument must be of type string or an instance of Buffer, URL or FileHandle. Received type number (42)',
      ),
    );
  });

  it('should not mutate the options object when reading', async () => {
    const file = await files.write('abcdef');
    // Frozen: a write to it would throw in strict-mode code, so reading without an exception is the
    // test (an equality check afterwards could never fail).
    const options = Object.freeze({ offset: 1, windowBytes: 2 });
    expect((await readBytesAsUtf8(file, options)).text).toBe('bc');
  });

  it('should reject with the system error naming the path when the file is missing', async () => {
    const missing = files.path('missing.txt');
    await expect(readBytesAsUtf8(missing)).rejects.toMatchObject({ code: 'ENOENT', path: missing });
  });

  it('should read a 64 KiB window when no windowBytes is given', async () => {
    const file = await files.write(Buffer.alloc(DEFAULT_WINDOW_BYTES + 10, 0x61));
    const window = await readBytesAsUtf8(file);
    expect(window).toMatchObject({
      offset: 0,
      byteLength: 65536,
      nextOffset: 65536,
      eof: false,
      fileSize: 65546,
    });
  });

  it('should return an empty window at the same offset when windowBytes is 0', async () => {
    const file = await files.write('abcdef');
    expect(await readBytesAsUtf8(file, { offset: 2, windowBytes: 0 })).toEqual({
      text: '',
      offset: 2,
      byteLength: 0,
      nextOffset: 2,
      trimmedStartBytes: 0,
      trimmedEndBytes: 0,
      illFormedBytes: 0,
      fallbackBytes: 0,
      eof: false,
      fileSize: 6,
    });
  });

  it.each([
    ['at the end of the file', 'abc', 3],
    ['past the end of the file', 'abc', 10],
    ['in an empty file', '', 0],
  ])('should return an empty window with eof when reading %s', async (_name, content, offset) => {
    const file = await files.write(content);
    expect(await readBytesAsUtf8(file, { offset, windowBytes: 10 })).toMatchObject({
      text: '',
      offset,
      byteLength: 0,
      nextOffset: offset,
      eof: true,
    });
  });

  it('should read only what the file holds when windowBytes is huge', async () => {
    const file = await files.write('héllo');
    expect(await readBytesAsUtf8(file, { windowBytes: Number.MAX_SAFE_INTEGER })).toMatchObject({
      text: 'héllo',
      byteLength: 6,
      eof: true,
    });
  });

  it('should trim a 4-byte character cut by the window end and read it in the next window', async () => {
    const file = await files.write('ab😀cd');
    const first = await readBytesAsUtf8(file, { windowBytes: 4 });
    expect(first).toMatchObject({ text: 'ab', nextOffset: 2, trimmedEndBytes: 2, eof: false });
    expect(await readBytesAsUtf8(file, { offset: first.nextOffset, windowBytes: 4 })).toMatchObject({
      text: '😀',
      offset: 2,
      trimmedStartBytes: 0,
    });
  });

  it.each([1, 2, 3])(
    'should skip and report the tail of a 4-byte character when the window starts %i byte(s) into it',
    async (into) => {
      const file = await files.write('ab😀cd');
      expect(await readBytesAsUtf8(file, { offset: 2 + into, windowBytes: 10 })).toMatchObject({
        text: 'cd',
        offset: 6,
        trimmedStartBytes: 4 - into,
        illFormedBytes: 0,
      });
    },
  );

  it.each([1, 2, 3])(
    'should widen a %i-byte window to the whole 4-byte character so paging makes progress',
    async (limit) => {
      const file = await files.write('😀z');
      expect(await readBytesAsUtf8(file, { windowBytes: limit })).toMatchObject({
        text: '😀',
        byteLength: 4,
        nextOffset: 4,
        trimmedEndBytes: 0,
      });
    },
  );

  it('should keep a truncated sequence at the end of the file and count it as invalid', async () => {
    const file = await files.write(Buffer.from([0x61, 0xf0, 0x9f, 0x98]));
    expect(await readBytesAsUtf8(file, { windowBytes: 100 })).toMatchObject({
      text: 'a\u{fffd}',
      byteLength: 4,
      trimmedEndBytes: 0,
      illFormedBytes: 3,
      eof: true,
    });
  });

  it('should keep a sequence cut short in the file itself when the window ends right after it', async () => {
    const file = await files.write(Buffer.from([0x61, 0xe2, 0x82, 0x41]));
    expect(await readBytesAsUtf8(file, { windowBytes: 3 })).toMatchObject({
      text: 'a\u{fffd}',
      nextOffset: 3,
      trimmedEndBytes: 0,
      illFormedBytes: 2,
    });
  });

  it('should count invalid bytes without letting offsets drift when they precede valid text', async () => {
    const file = await files.write(
      Buffer.concat([Buffer.from([0xff, 0xc0, 0xaf, 0x80]), Buffer.from('é😀')]),
    );
    const window = await readBytesAsUtf8(file, { windowBytes: 8 });
    expect(window).toMatchObject({
      text: '\u{fffd}\u{fffd}\u{fffd}\u{fffd}é',
      nextOffset: 6,
      illFormedBytes: 4,
    });
    expect(await readBytesAsUtf8(file, { offset: window.nextOffset })).toMatchObject({
      text: '😀',
      offset: 6,
    });
  });

  it('should reconstruct text with combining marks, ZWJ emoji and code points around the surrogates when paging with every windowBytes from 1 to 8', async () => {
    const text = 'a€😀é\r\nz̈👩‍👧\u{d7ff}\u{e000}\u{fffd}\u{10000}\u{10ffff}';
    const file = await files.write(text);
    for (let limit = 1; limit <= 8; limit++) {
      let decoded = '';
      let offset = 0;
      for (let window = await readBytesAsUtf8(file, { offset, windowBytes: limit }); ; ) {
        decoded += window.text;
        offset = window.nextOffset;
        if (window.eof) break;
        window = await readBytesAsUtf8(file, { offset, windowBytes: limit });
      }
      expect(decoded).toBe(text);
    }
  });

  it('should use an open FileHandle and leave it open', async () => {
    const handle = await open(await files.write('hello world'), 'r');
    try {
      expect((await readBytesAsUtf8(handle, { offset: 6 })).text).toBe('world');
      expect((await readBytesAsUtf8(handle, { windowBytes: 5 })).text).toBe('hello');
      expect((await handle.stat()).size).toBe(11);
    } finally {
      await handle.close();
    }
  });

  it('should fstat the file once per window, reusing the regular-file check for the size', async () => {
    const handle = await open(await files.write('hello world'), 'r');
    try {
      const stat = vi.spyOn(handle, 'stat');
      expect(await readBytesAsUtf8(handle, { offset: 6 })).toMatchObject({ text: 'world', fileSize: 11 });
      expect(stat).toHaveBeenCalledTimes(1);
    } finally {
      await handle.close();
    }
  });

  it('should accept a file URL', async () => {
    const file = await files.write('via url');
    expect((await readBytesAsUtf8(pathToFileURL(file))).text).toBe('via url');
  });

  it('should read windows far into a sparse 5 GiB file without loading it', async () => {
    // Arrange: a 5 GiB hole with a 4-byte character across 2^32 and text just before the end.
    const file = files.path('sparse.bin');
    await writeFile(file, '');
    await truncate(file, 5 * GIB);
    const handle = await open(file, 'r+');
    await handle.write(Buffer.from('x😀y'), 0, 6, 4 * GIB - 2);
    await handle.write(Buffer.from('tail'), 0, 4, 5 * GIB - 4);
    await handle.close();
    // Act
    const across = await readBytesAsUtf8(file, { offset: 4 * GIB - 2, windowBytes: 6 });
    const cut = await readBytesAsUtf8(file, { offset: 4 * GIB, windowBytes: 10 });
    const end = await readBytesAsUtf8(file, { offset: 5 * GIB - 4 });
    const past = await readBytesAsUtf8(file, { offset: 5 * GIB });
    // Assert
    expect(across).toMatchObject({ text: 'x😀y', nextOffset: 4 * GIB + 4 });
    expect(cut).toMatchObject({ offset: 4 * GIB + 3, trimmedStartBytes: 3 });
    expect(cut.text.startsWith('y\0')).toBe(true);
    expect(end).toMatchObject({ text: 'tail', offset: 5 * GIB - 4, eof: true, fileSize: 5 * GIB });
    expect(past).toMatchObject({ text: '', nextOffset: 5 * GIB, eof: true });
  });
});
