import { readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { chunksOf, describeStageContract, feed, writeAll } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { BoundedSink, type BoundedSinkOptions, DEFAULT_MATCH_PATTERNS } from '../src/index';

async function sinkOf(chunks: Iterable<Buffer | string>, options?: BoundedSinkOptions) {
  const sink = new BoundedSink(options);
  await writeAll(sink, chunks);
  return sink.done;
}

/** `count` numbered progress lines, `progress 1\n` … */
function progress(from: number, count: number): string {
  return Array.from({ length: count }, (_, index) => `progress ${from + index}\n`).join('');
}

describe('BoundedSink keepMatches', () => {
  it.each<[string, BoundedSinkOptions, ErrorConstructor, string]>([
    [
      'context -1',
      { context: -1 },
      RangeError,
      'The "context" option must be a non-negative safe integer. Received -1',
    ],
    [
      'context 1.5',
      { context: 1.5 },
      RangeError,
      'The "context" option must be a non-negative safe integer. Received 1.5',
    ],
    [
      'contextBefore as a string',
      { contextBefore: '1' as never },
      TypeError,
      'The "contextBefore" option must be of type number. Received type string (\'1\')',
    ],
    [
      'a pattern that is a number',
      { keepMatches: 42 as never },
      TypeError,
      'The "keepMatches" option must be a boolean, a string, a RegExp or an array of strings and RegExps. Received type number (42)',
    ],
    [
      'a pattern array holding an object',
      { keepMatches: ['error', {}] as never },
      TypeError,
      'The "keepMatches" option must be a boolean, a string, a RegExp or an array of strings and RegExps. Received an instance of Object',
    ],
    [
      'an empty pattern',
      { keepMatches: '' },
      RangeError,
      'The "keepMatches" option must hold non-empty patterns without a line feed. Received \'\'',
    ],
    [
      'no pattern',
      { keepMatches: [] },
      RangeError,
      'The "keepMatches" option must hold at least one pattern. Received []',
    ],
    [
      'matchShare 0',
      { matchShare: 0 },
      RangeError,
      'The "matchShare" option must be > 0 and < 1. Received 0',
    ],
    [
      'matchShare 1',
      { matchShare: 1 },
      RangeError,
      'The "matchShare" option must be > 0 and < 1. Received 1',
    ],
    [
      'matchShare NaN',
      { matchShare: Number.NaN },
      RangeError,
      'The "matchShare" option must be > 0 and < 1. Received NaN',
    ],
    [
      'matchShare as a string',
      { matchShare: '0.5' as never },
      TypeError,
      'The "matchShare" option must be of type number. Received type string (\'0.5\')',
    ],
    [
      'maxMatchLineBytes 0',
      { maxMatchLineBytes: 0 },
      RangeError,
      'The "maxMatchLineBytes" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      'cutAt lines',
      { cutAt: 'lines' as never },
      RangeError,
      "The \"cutAt\" option must be one of 'byte', 'line'. Received 'lines'",
    ],
    [
      'sourceOffsetOf as a number',
      { sourceOffsetOf: 3 as never },
      TypeError,
      'The "sourceOffsetOf" option must be of type function. Received type number (3)',
    ],
    [
      'an unknown key',
      { keepMatch: true } as never,
      TypeError,
      'The "options" argument has an unknown option "keepMatch" (did you mean "keepMatches"?)',
    ],
  ])('should throw when given %s', (_name, options, errorClass, message) => {
    expect(() => new BoundedSink(options)).toThrow(new errorClass(message));
    expect(() => new BoundedSink(options)).toThrow(errorClass);
  });

  it('should not mutate the options object', () => {
    const patterns = ['error', /warn/g];
    const options = Object.freeze({
      keepMatches: Object.freeze(patterns),
      context: 1,
      cutAt: 'line' as const,
    });
    expect(() => new BoundedSink(options)).not.toThrow();
    expect((patterns[1] as RegExp).lastIndex).toBe(0);
  });

  it('should keep the middle error with its context lines, addressed, and count it in the marker', async () => {
    const input = `${progress(1, 100)}src/main.c:3:5: error: expected ';'\n    3 | int x = 1\n      |          ^\n${progress(104, 100)}`;
    const result = await sinkOf(chunksOf(Buffer.from(input), 7), {
      maxBytes: 400,
      keep: 'both',
      keepMatches: true,
    });
    const lines = ["src/main.c:3:5: error: expected ';'\n", '    3 | int x = 1\n', '      |          ^\n'];
    const at = (line: string) => input.indexOf(line);
    expect(result.text).toContain(
      [
        `...[stdout truncated: ${result.omittedBytes} of ${input.length} bytes omitted; limit is 400 bytes; 1 of 1 matching lines kept]`,
        `[line 101, byte ${at(lines[0] as string)}] ${lines[0]}[line 102, byte ${at(lines[1] as string)}] ${lines[1]}[line 103, byte ${at(lines[2] as string)}] ${lines[2]}`,
      ].join('\n'),
    );
    const excerptBytes = Buffer.byteLength(lines.join(''));
    expect(result).toMatchObject({ matchedLines: 1, keptMatchedLines: 1, excerptBytes, keptBytes: 400 });
    expect(result.bytes.length).toBe(400 - excerptBytes);
    expect(result.excerpts.map((excerpt) => excerpt.matched)).toEqual([true, false, false]);
  });

  it('should keep the first matches, say how many matched in all, and shrink head and tail for them', async () => {
    const input = `${progress(1, 50)}${Array.from({ length: 30 }, (_, index) => `FAIL test ${index}\n`).join('')}${progress(51, 50)}`;
    const result = await sinkOf([input], { maxBytes: 200, keep: 'both', keepMatches: 'FAIL', context: 0 });
    expect(result.marker).toMatch(/; 4 of 30 matching lines kept\]$/);
    expect(result.excerpts.map((excerpt) => excerpt.bytes.toString())).toEqual([
      'FAIL test 0\n',
      'FAIL test 1\n',
      'FAIL test 2\n',
      'FAIL test 3\n',
    ]);
    expect(result.bytes.length).toBe(200 - 48);
  });

  it.each(['head', 'tail'] as const)(
    'should search the omitted part when keeping the %s only',
    async (keep) => {
      const input = `${progress(1, 100)}Traceback (most recent call last):\n${progress(101, 100)}`;
      const result = await sinkOf([input], { maxBytes: 300, keep, keepMatches: true, context: 0 });
      expect(result.excerpts.map((excerpt) => excerpt.bytes.toString())).toEqual([
        'Traceback (most recent call last):\n',
      ]);
      expect(result.text.split('\n').filter((line) => line.startsWith('...['))).toHaveLength(1);
      expect(result.keptBytes).toBeLessThanOrEqual(300);
    },
  );

  it('should keep context lines before a match with contextBefore', async () => {
    const input = `${progress(1, 100)}at compile (main.ts:3)\nTypeError: x is not a function\n${progress(101, 100)}`;
    const result = await sinkOf([input], {
      maxBytes: 400,
      keep: 'both',
      keepMatches: /TypeError/,
      context: 0,
      contextBefore: 2,
    });
    expect(
      result.excerpts.map((excerpt) => [excerpt.line, excerpt.bytes.toString(), excerpt.matched]),
    ).toEqual([
      [100, 'progress 100\n', false],
      [101, 'at compile (main.ts:3)\n', false],
      [102, 'TypeError: x is not a function\n', true],
    ]);
  });

  it('should cut an excerpt line at a character boundary to maxMatchLineBytes and say so', async () => {
    const input = `${progress(1, 50)}error: ${'é'.repeat(100)}\n${progress(51, 50)}`;
    const result = await sinkOf([input], {
      maxBytes: 400,
      keep: 'both',
      keepMatches: true,
      maxMatchLineBytes: 12,
    });
    expect(result.excerpts[0]?.bytes.toString()).toBe('error: éé');
    expect(result.text).toContain(`error: éé ...[line cut]\n`);
  });

  it('should find a pattern split across two chunks', async () => {
    const input = Buffer.from(`${progress(1, 50)}Segmentation fault (core dumped)\n${progress(51, 50)}`);
    const split = input.indexOf('Segmentation') + 5;
    const result = await sinkOf([input.subarray(0, split), input.subarray(split)], {
      maxBytes: 200,
      keep: 'both',
      keepMatches: true,
      context: 0,
    });
    expect(result.excerpts.map((excerpt) => excerpt.bytes.toString())).toEqual([
      'Segmentation fault (core dumped)\n',
    ]);
  });

  it('should address excerpts and the omitted start through sourceOffsetOf', async () => {
    const input = `${progress(1, 50)}fatal: not a git repository\n${progress(51, 50)}`;
    const result = await sinkOf([input], {
      maxBytes: 200,
      keep: 'both',
      keepMatches: true,
      context: 0,
      sourceOffsetOf: (offset) => offset + 1000,
    });
    const offset = input.indexOf('fatal');
    expect(result.excerpts[0]).toMatchObject({ sinkOffset: offset, offset: offset + 1000 });
    expect(result.text).toContain(`[line 51, byte ${offset + 1000}] fatal: not a git repository`);
    expect(result.omittedSourceStart).toBe((result.omittedStart as number) + 1000);
  });

  it('should cut head and tail at line ends with cutAt line, counting the bytes given back as omitted', async () => {
    const input = progress(1, 100);
    const byByte = await sinkOf([input], { maxBytes: 100, keep: 'both' });
    const byLine = await sinkOf([input], { maxBytes: 100, keep: 'both', cutAt: 'line' });
    expect(byByte.text).toMatch(/progress 4\nprogre\n\.\.\.\[/);
    expect(byLine.text).toBe(
      `${progress(1, 4)}...[stdout truncated: ${input.length - progress(1, 4).length - progress(97, 4).length} of ${input.length} bytes omitted; limit is 100 bytes]\n${progress(97, 4)}`,
    );
    expect(byLine.keptBytes + byLine.omittedBytes).toBe(input.length);
  });

  it('should fall back to a character boundary when no line end is in the last quarter', async () => {
    const input = `${'x'.repeat(300)}\n`;
    const result = await sinkOf([input], { maxBytes: 100, keep: 'head', cutAt: 'line' });
    expect(result.bytes.toString()).toBe('x'.repeat(100));
  });

  it('should export the documented built-in patterns', () => {
    expect(DEFAULT_MATCH_PATTERNS).toContain('npm ERR!');
    expect(Object.isFrozen(DEFAULT_MATCH_PATTERNS)).toBe(true);
  });

  describe('on real failing runs', () => {
    // Captured once (stdout and stderr together) from the tools named; see fixtures/README.md.
    it.each([
      ['gcc', 'bad.c:4:18: error: ‘y’ undeclared (first use in this function)'],
      ['make', 'bad.c:4:18: error: ‘y’ undeclared (first use in this function)'],
      ['node', "SyntaxError: Expected property name or '}' in JSON at position 1"],
      ['python3', 'Traceback (most recent call last):'],
      ['bash', 'cat: /nonexistent/input.txt: No such file or directory'],
      ['vitest', '   × adds numbers'],
    ])('should keep the first error line of %s in the middle of a long log', async (tool, firstError) => {
      const fixture = readFileSync(new URL(`fixtures/${tool}.txt`, import.meta.url), 'utf8');
      const input = Buffer.from(`${progress(1, 3000)}${fixture}${progress(3001, 3000)}`);
      const sink = new BoundedSink({ maxBytes: 4000, keep: 'both', keepMatches: true });
      await pipeline(feed(chunksOf(input, 4096)), sink);
      const result = await sink.done;
      const first = result.excerpts.find((excerpt) => excerpt.matched);
      expect(first?.bytes.toString()).toContain(firstError);
      expect(result.keptBytes).toBeLessThanOrEqual(4000);
      expect(result.text).toContain(`] ${firstError}`);
    });
  });
});

describeStageContract('BoundedSink', {
  create: (options) => new BoundedSink(options as never),
  sink: true,
  knownOptions: [
    'maxBytes',
    'keep',
    'label',
    'keepMatches',
    'context',
    'contextBefore',
    'matchShare',
    'maxMatchLineBytes',
    'cutAt',
    'sourceOffsetOf',
  ],
  validOptions: [
    {
      maxBytes: 100,
      keep: 'both',
      label: 'stderr',
      keepMatches: ['error', /fatal/],
      context: 1,
      contextBefore: 1,
      matchShare: 0.5,
      maxMatchLineBytes: 80,
      cutAt: 'line',
      sourceOffsetOf: (offset: number) => offset,
    },
  ],
  input: () => [Buffer.from('error: one\n'), Buffer.alloc(16 * 1024, 'x\n')],
  invalidOptions: [
    [{ context: -1 }, RangeError, 'The "context" option must be a non-negative safe integer. Received -1'],
    [{ matchShare: 2 }, RangeError, 'The "matchShare" option must be > 0 and < 1. Received 2'],
  ],
});
