import { pipeline } from 'node:stream/promises';
import { collectBytes, describeStageContract, feed } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { RepeatFolder, type RepeatFolderOptions } from '../src/index';

async function fold(chunks: Iterable<Buffer | string>, options?: RepeatFolderOptions) {
  const folder = new RepeatFolder(options);
  const [, output] = await Promise.all([pipeline(feed(chunks), folder), collectBytes(folder)]);
  return { text: output.toString(), stats: folder.stats, folder };
}

describe('RepeatFolder', () => {
  it.each<[string, unknown, ErrorConstructor, string]>([
    [
      'maxFoldLineBytes 0',
      { maxFoldLineBytes: 0 },
      RangeError,
      'The "maxFoldLineBytes" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      'maxFoldLineBytes as a string',
      { maxFoldLineBytes: '9' },
      TypeError,
      'The "maxFoldLineBytes" option must be of type number. Received type string (\'9\')',
    ],
    [
      'an unknown key',
      { maxFoldLinesBytes: 9 },
      TypeError,
      'The "options" argument has an unknown option "maxFoldLinesBytes" (did you mean "maxFoldLineBytes"?)',
    ],
    [
      'options that are not an object',
      5,
      TypeError,
      'The "options" argument must be of type object. Received type number (5)',
    ],
  ])('should throw when given %s', (_name, options, errorClass, message) => {
    expect(() => new RepeatFolder(options as RepeatFolderOptions)).toThrow(new errorClass(message));
    expect(() => new RepeatFolder(options as RepeatFolderOptions)).toThrow(errorClass);
  });

  it('should not mutate the options object', () => {
    const options = Object.freeze({ maxFoldLineBytes: 10 });
    expect(() => new RepeatFolder(options)).not.toThrow();
  });

  it('should keep a run once followed by the exact count of its repeats', async () => {
    const { text, stats } = await fold(['start\n', 'y\n'.repeat(10_000), 'end\n']);
    expect(text).toBe('start\ny\n[previous line repeated 9999 more times]\nend\n');
    expect(stats).toEqual({
      inputBytes: 20_010,
      outputBytes: text.length,
      foldedBytes: 19_998,
      foldedLines: 9999,
      noticeBytes: '[previous line repeated 9999 more times]\n'.length,
    });
  });

  it('should count a run split across chunks at every byte, and end a run at the end of the stream', async () => {
    const input = 'ab\nab\nab\n';
    for (let cut = 0; cut <= input.length; cut++) {
      const { text } = await fold([input.slice(0, cut), input.slice(cut)]);
      expect(text).toBe('ab\n[previous line repeated 2 more times]\n');
    }
  });

  it('should write a count of one in the singular', async () => {
    expect((await fold(['a\na\n'])).text).toBe('a\n[previous line repeated 1 more time]\n');
    expect((await fold(['a\na\na\n'])).text).toBe('a\n[previous line repeated 2 more times]\n');
  });

  it('should compare CRLF lines byte for byte, and pass an unterminated last line', async () => {
    const { text } = await fold(['x\r\nx\r\nx\nx']);
    expect(text).toBe('x\r\n[previous line repeated 1 more time]\nx\nx');
  });

  it('should never fold a line longer than maxFoldLineBytes', async () => {
    const long = `${'z'.repeat(20)}\n`;
    const { text, stats } = await fold([long, long.slice(0, 5), long.slice(5), long, 'ok\n', 'ok\n'], {
      maxFoldLineBytes: 8,
    });
    expect(text).toBe(`${long}${long}${long}ok\n[previous line repeated 1 more time]\n`);
    expect(stats.foldedLines).toBe(1);
  });

  it('should split and fold multi-byte lines across chunks and an empty chunk', async () => {
    const { text } = await fold([
      Buffer.from([0xc3, 0xa9, 0x0a, 0xc3]),
      Buffer.alloc(0),
      Buffer.from([0xa9, 0x0a]),
      'é\n',
    ]);
    expect(text).toBe('é\n[previous line repeated 2 more times]\n');
  });

  it('should map output offsets back to input offsets, notices to their first folded line', async () => {
    const { folder, text } = await fold(['a\n', 'b\nb\nb\n', 'c\n']);
    expect(text).toBe('a\nb\n[previous line repeated 2 more times]\nc\n');
    expect(folder.sourceOffsetOf(0)).toBe(0);
    expect(folder.sourceOffsetOf(2)).toBe(2);
    expect(folder.sourceOffsetOf(4)).toBe(4);
    expect(folder.sourceOffsetOf(20)).toBe(4);
    expect(folder.sourceOffsetOf(text.indexOf('c'))).toBe(8);
    expect(folder.sourceOffsetOf(text.length + 1)).toBeNull();
  });

  it('should fail through pipeline when the source fails', async () => {
    const failing = async function* () {
      yield Buffer.from('a\n');
      throw Object.assign(new Error('boom'), { code: 'ERR_SOURCE' });
    };
    const folder = new RepeatFolder();
    const drained = collectBytes(folder).catch(() => null);
    await expect(pipeline(failing, folder)).rejects.toMatchObject({ code: 'ERR_SOURCE' });
    await drained;
    expect(folder.destroyed).toBe(true);
  });

  it('should return false from write at the high-water mark until read', () => {
    const folder = new RepeatFolder();
    let accepted = true;
    for (let index = 0; index < 64 && accepted; index++)
      accepted = folder.write(Buffer.alloc(1024, 0x61 + (index % 2)));
    expect(accepted).toBe(false);
  });
});

describeStageContract('RepeatFolder', {
  create: (options) => new RepeatFolder(options as never),
  knownOptions: ['maxFoldLineBytes'],
  validOptions: [{ maxFoldLineBytes: 16 }],
  input: () => [Buffer.from('a\nb\n'), Buffer.alloc(16 * 1024, 'b\n')],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    [
      { maxFoldLineBytes: -1 },
      RangeError,
      'The "maxFoldLineBytes" option must be a safe integer greater than or equal to 1. Received -1',
    ],
  ],
});
