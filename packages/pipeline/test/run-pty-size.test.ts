import { ptyLoads, xtermLines } from '@pipeguard/test-utils';
import { Readable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PTY_COLS, DEFAULT_PTY_ROWS, pipeline, run } from '../src/index';

const ptyLoadsHere = ptyLoads('run() pseudo-terminal size tests');

/** The lines of a rendered capture, as `xtermLines` gives a terminal's. */
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

// A 30-character line, a CR that returns to the start of the row it ends on, and a move up into that row.
const WRAPPED = "printf 'abcdefghijklmnopqrstuvwxyz0123\\rXY\\nnext\\033[A\\rUP\\n\\n'";
// Eight lines on a screen five rows tall: the cursor's home is then the line '5'.
const ADDRESSED = "seq 1 8; printf '\\033[HTOP\\033[5;1H'";

describe.runIf(ptyLoadsHere)('run() renders on a screen of the terminal’s size', () => {
  it.each([
    ['a long line redrawn at cols 10', WRAPPED, { cols: 10, rows: 24 }],
    ['cursor addressing on 5 rows', ADDRESSED, { cols: 20, rows: 5 }],
    ['a 450-character line redrawn at the default size', "printf '%450s\\rXY\\n' end", true],
  ] as const)('should show %s as @xterm/headless does at that size', async (_name, script, pty) => {
    // Arrange: what the program drew, raw, on the same terminal.
    const size = pty === true ? { cols: DEFAULT_PTY_COLS, rows: DEFAULT_PTY_ROWS } : pty;
    const raw = await run('sh', ['-c', script], { pty, render: 'raw' });
    // Act
    const rendered = await run('sh', ['-c', script], { pty });
    // Assert
    const expected = await xtermLines(Buffer.from(raw.stdout.text, 'latin1'), size.cols, size.rows);
    expect(linesOf(rendered.stdout.text)).toEqual(expected);
  });

  it('should give the 30-character line wrapped at cols 10 back as one line, redrawn in its last row', async () => {
    const result = await run('sh', ['-c', WRAPPED], { pty: { cols: 10, rows: 24 } });
    expect(result.stdout.text).toBe('abcdefghijklmnopqrstUPwxyz0123\nnext\n');
  });

  it('should give a log line three times the default width back whole, with nothing drawn over it', async () => {
    // Arrange: a line as a logger writes it, longer than the terminal is wide.
    const line = Array.from({ length: 60 }, (_, index) => `field${String(index)}=value`).join(' ');
    expect(line.length).toBeGreaterThan(3 * DEFAULT_PTY_COLS);
    // Act
    const result = await run('sh', ['-c', `printf '%s\\n' '${line}'; printf 'next\\n'`], { pty: true });
    // Assert
    expect(result.stdout.text).toBe(`${line}\nnext\n`);
  });

  it('should draw at the default width: a program asking the terminal its size is told DEFAULT_PTY_COLS', async () => {
    const result = await run('sh', ['-c', 'stty size'], { pty: true });
    expect(result.stdout.text).toBe(`${String(DEFAULT_PTY_ROWS)} ${String(DEFAULT_PTY_COLS)}\n`);
  });

  it('should take an explicit cols and maxLiveLines over the terminal’s size', async () => {
    const result = await run('sh', ['-c', WRAPPED], { pty: { cols: 10, rows: 24 }, cols: null });
    expect(result.stdout.text).toBe('UPcdefghijklmnopqrstuvwxyz0123\nnext\n');
  });
});

describe('run() on pipes', () => {
  it('should render with no right margin: a CR returns to the start of the whole line', async () => {
    const result = await run('sh', ['-c', WRAPPED], { render: 'terminal' });
    expect(result.stdout.text).toBe('UPcdefghijklmnopqrstuvwxyz0123\nnext\n');
  });
});

describe('pipeline() cols', () => {
  it.each([
    [
      0,
      RangeError,
      'The "cols" option must be a safe integer greater than or equal to 1 or null. Received 0',
    ],
    [
      1.5,
      RangeError,
      'The "cols" option must be a safe integer greater than or equal to 1 or null. Received 1.5',
    ],
    ['80', TypeError, 'The "cols" option must be of type number or null. Received type string (\'80\')'],
  ])('should reject cols: %j before reading, even when not rendering', (cols, errorClass, message) => {
    const source = Readable.from([]);
    expect(() => pipeline(source, { cols: cols as never })).toThrow(errorClass);
    expect(() => pipeline(source, { cols: cols as never })).toThrow(message);
  });

  it('should wrap the rendered lines of any stream at cols', async () => {
    const source = Readable.from([Buffer.from('abcdefghijklmnopqrstuvwxyz0123\rXY\n')]);
    const result = await pipeline(source, { render: 'terminal', cols: 10 });
    expect(result.text).toBe('abcdefghijklmnopqrstXYwxyz0123\n');
  });
});
