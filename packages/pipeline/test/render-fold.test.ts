import { readFile } from 'node:fs/promises';
import { cutAt, feed, makeTempDir } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { type Capture, pipeline } from '../src/index';

const ESC = '\x1b';
/** A line drawn the way a progress bar draws it: frames overwritten with a carriage return, in colour. */
const drawnLine = (index: number) =>
  `${ESC}[32m[${index}] 10%${ESC}[0m\r${ESC}[32m[${index}] 55%${ESC}[0m\r${ESC}[32m[${index}] done ${'.'.repeat(40)}${ESC}[0m\n`;
const renderedLine = (index: number) => `[${index}] done ${'.'.repeat(40)}\n`;

function accountedFor(capture: Capture): number {
  return (
    capture.keptBytes +
    capture.omittedBytes +
    capture.withheldBytes +
    capture.renderedAwayBytes +
    capture.foldedBytes
  );
}

describe('pipeline render and foldRepeats', () => {
  it('should keep the bytes as written with the default render: raw', async () => {
    const text = `a\rb\n${ESC}[31mred${ESC}[0m\n`;
    const capture = await pipeline(feed([Buffer.from(text)]));
    expect(capture).toMatchObject({ text, renderedBytes: null, renderer: null, renderedAwayBytes: 0 });
  });

  it('should spend the budget on rendered text and report raw and rendered counts when render is terminal', async () => {
    const raw = Buffer.from(drawnLine(1) + drawnLine(2));
    const capture = await pipeline(feed(cutAt(raw, [5, 40, 70])), { render: 'terminal' });
    expect(capture.text).toBe(renderedLine(1) + renderedLine(2));
    expect(capture.bytes).toBe(raw.length);
    expect(capture.renderedBytes).toBe(Buffer.byteLength(capture.text));
    expect(capture.renderer).toMatchObject({ bytesIn: raw.length, bytesOut: capture.renderedBytes });
    expect(capture.renderer?.sequencesRemoved).toBe(12);
    expect(capture.renderedAwayBytes).toBe(raw.length - (capture.renderedBytes as number));
    expect(accountedFor(capture)).toBe(raw.length);
  });

  it('should spill raw bytes and name the raw line the omitted part starts in, with counts of rendered bytes', async () => {
    // Arrange: over 2 MiB of drawn lines, so the stages no longer remember the head when the stream ends.
    const directory = await makeTempDir('pipeguard-render-');
    const count = 25_000;
    const raw = Buffer.from(Array.from({ length: count }, (_, index) => drawnLine(index)).join(''));
    // Act
    const capture = await pipeline(feed(cutAt(raw, [65_536, 1_000_000])), {
      render: 'terminal',
      maxBytes: 1000,
      spill: directory,
    });
    // Assert
    const spilled = await readFile(capture.spillPath as string);
    expect(spilled.equals(raw)).toBe(true);
    const rendered = capture.renderedBytes as number;
    // The line holding rendered byte 1000, the first omitted one.
    let firstOmitted = 0;
    for (let end = renderedLine(0).length; end <= 1000; end += renderedLine(firstOmitted).length)
      firstOmitted++;
    const start = raw.indexOf(drawnLine(firstOmitted));
    expect(capture.omittedSourceStart).toBe(start);
    expect(capture.rawOffsetsExact).toBe(false);
    expect(capture.marker).toBe(
      `...[stdout truncated: ${rendered - 1000} of ${rendered} rendered bytes omitted; limit is 1000 bytes; full output in ${capture.spillPath}; omitted part starts in the raw line at byte offset ${start}]`,
    );
    expect(accountedFor(capture)).toBe(raw.length);
  });

  it('should fold repeated lines and count the folded bytes', async () => {
    const raw = Buffer.from(`start\n${'retrying\n'.repeat(10_000)}done\n`);
    const capture = await pipeline(feed(cutAt(raw, [7, 50_000])), { foldRepeats: true });
    expect(capture.text).toBe('start\nretrying\n[previous line repeated 9999 more times]\ndone\n');
    expect(capture.folder).toMatchObject({ foldedLines: 9999, foldedBytes: 9999 * 9 });
    expect(capture.foldedBytes).toBe(9999 * 9 - '[previous line repeated 9999 more times]\n'.length);
    expect(accountedFor(capture)).toBe(raw.length);
  });

  it('should render before folding, so redrawn repeats fold too', async () => {
    const raw = Buffer.from(`${'waiting 1s\rwaiting...\n'.repeat(50)}ok\n`);
    const capture = await pipeline(feed([raw]), { render: 'terminal', foldRepeats: true });
    expect(capture.text).toBe('waiting...\n[previous line repeated 49 more times]\nok\n');
    expect(accountedFor(capture)).toBe(raw.length);
  });

  it('should keep matching lines with their exact raw offsets when neither rendering nor folding', async () => {
    const directory = await makeTempDir('pipeguard-match-');
    const progress = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => `[${from + index}] CC module_${from + index}.o\n`).join(
        '',
      );
    const raw = Buffer.from(
      `${progress(0, 3000)}bad.c:4:18: error: 'y' undeclared\n    4 |   return y;\n${progress(3000, 6000)}`,
    );
    const capture = await pipeline(feed(cutAt(raw, [65_536])), {
      maxBytes: 2000,
      keep: 'both',
      keepMatches: true,
      cutAt: 'line',
      spill: directory,
    });
    const spilled = await readFile(capture.spillPath as string);
    expect(capture.rawOffsetsExact).toBe(true);
    expect(capture.keptMatchedLines).toBe(1);
    expect(capture.excerpts.map((excerpt) => excerpt.bytes.toString())).toEqual([
      "bad.c:4:18: error: 'y' undeclared\n",
      '    4 |   return y;\n',
      '[3000] CC module_3000.o\n',
    ]);
    for (const excerpt of capture.excerpts) {
      const offset = excerpt.offset as number;
      expect(spilled.subarray(offset, offset + excerpt.bytes.length).equals(excerpt.bytes)).toBe(true);
    }
    expect(capture.text).toContain(`[line 3001, byte ${raw.indexOf('bad.c')}] bad.c:4:18: error`);
    expect(capture.omittedSourceStart).toBe(capture.omittedStart);
  });

  it('should give each excerpt the start of its raw line when rendering and folding', async () => {
    const directory = await makeTempDir('pipeguard-match-');
    const raw = Buffer.from(
      `${Array.from({ length: 4000 }, (_, index) => drawnLine(index)).join('')}${ESC}[1;31merror:${ESC}[0m linker failed\r${ESC}[1;31merror:${ESC}[0m ld returned 1\n${'tick\n'.repeat(500)}${Array.from({ length: 4000 }, (_, index) => drawnLine(index)).join('')}`,
    );
    const capture = await pipeline(feed(cutAt(raw, [65_536, 300_000])), {
      render: 'terminal',
      foldRepeats: true,
      maxBytes: 3000,
      keep: 'both',
      keepMatches: true,
      spill: directory,
    });
    const spilled = await readFile(capture.spillPath as string);
    const errorLine = raw.indexOf(`${ESC}[1;31merror:`);
    const [matched, context, notice] = capture.excerpts;
    expect(matched?.bytes.toString()).toBe('error: ld returned 1\n');
    expect(matched?.offset).toBe(errorLine);
    expect(spilled[errorLine - 1]).toBe(0x0a);
    expect(context?.bytes.toString()).toBe('tick\n');
    expect(notice?.bytes.toString()).toBe('[previous line repeated 499 more times]\n');
    expect(notice?.offset).toBe(raw.indexOf('tick\n') + 5);
    expect(accountedFor(capture)).toBe(raw.length);
  });

  it('should map the omitted start and excerpts through the guard when text resumes after binary', async () => {
    // Arrange: text, a binary run, text with an error, more text; the head ends after the binary run.
    const directory = await makeTempDir('pipeguard-guard-');
    const text = (from: number, count: number) =>
      Array.from(
        { length: count },
        (_, index) => `${String(from + index).padStart(6, '0')} ${'x'.repeat(72)}\n`,
      ).join('');
    const binary = Buffer.alloc(256 * 1024);
    const raw = Buffer.concat([
      Buffer.from(text(0, 100)),
      binary,
      Buffer.from(`${text(100, 400)}main.c:1:1: error: expected ';'\n${text(500, 2000)}`),
      binary,
      Buffer.from(text(2500, 10)),
    ]);
    // Act
    const capture = await pipeline(feed(cutAt(raw, [65_536, 300_000, 500_000])), {
      maxBytes: 20_000,
      keep: 'both',
      keepMatches: true,
      spill: directory,
    });
    // Assert
    const spilled = await readFile(capture.spillPath as string);
    const withheldBefore = capture.withheldBytes / 2;
    expect(capture.omittedSourceStart).toBe((capture.omittedStart as number) + withheldBefore);
    const [error] = capture.excerpts;
    expect(error?.offset).toBe(raw.indexOf('main.c:1:1: error'));
    expect(spilled.subarray(error?.offset as number).toString('latin1')).toMatch(/^main\.c:1:1: error/);
    expect(capture.placeholder).toMatch(
      /^\[binary output withheld: stdout, \d+ bytes in 2 runs: \d+ bytes from byte \d+, \d+ bytes from byte \d+\. /,
    );
    expect(capture.text.endsWith(`${capture.placeholder}\n`)).toBe(true);
    expect(accountedFor(capture)).toBe(raw.length);
  });

  it.each([
    [{ render: 'tty' }, RangeError, `The "render" option must be one of 'terminal', 'raw'. Received 'tty'`],
    [
      { render: true },
      TypeError,
      `The "render" option must be one of 'terminal', 'raw'. Received type boolean (true)`,
    ],
    [
      { maxLiveLines: 0 },
      RangeError,
      'The "maxLiveLines" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { foldRepeats: 'yes' },
      TypeError,
      `The "foldRepeats" option must be of type boolean. Received type string ('yes')`,
    ],
    [{ profile: 'robot' }, RangeError, `The "profile" option must be one of 'agent'. Received 'robot'`],
    [{ cutAt: 'word' }, RangeError, `The "cutAt" option must be one of 'byte', 'line'. Received 'word'`],
    [{ matchShare: 1 }, RangeError, 'The "matchShare" option must be > 0 and < 1. Received 1'],
    [
      { keepMatches: 5 },
      TypeError,
      'The "keepMatches" option must be a boolean, a string, a RegExp or an array of strings and RegExps. Received type number (5)',
    ],
  ])('should throw before reading for %j', (options, type, message) => {
    const source = feed([Buffer.from('never read')]);
    expect(() => pipeline(source, options as never)).toThrow(new type(message));
    expect(source.readableFlowing).toBe(null);
  });
});
