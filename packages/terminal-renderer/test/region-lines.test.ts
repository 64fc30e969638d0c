import { describe, expect, it } from 'vitest';
import type { TerminalRendererOptions } from '../src/index';
import { outputRows, xtermRows } from './oracle';
import { render } from './render';

const E = '\x1b';

/** What an apt-get-like drawing is made of: the lines printed into the region between two status lines. */
interface Drawing {
  cols: number | null;
  rows: number;
  /** The region's last row (1-based): the status line is drawn on the screen's last row, below it. */
  regionBottom: number;
  /** Output before the region is set (its rows are in the region when the lines begin to scroll). */
  before: string;
  /** The text between status line `index - 1` and status line `index`. */
  lines: (index: number) => string;
  frames: number;
}

/** apt-get's drawing (see bench/lib/redraw-inputs.ts): a region above the last row, a status line there after each output. */
function aptGet({ cols, rows, regionBottom, before, lines, frames }: Drawing): Buffer {
  let text = `${before}\r\n${E}7${E}[0;${regionBottom}r${E}8${E}[1A`;
  // A status line that fits the screen's width, as apt-get sizes its bar to it.
  const barWidth = Math.min(cols ?? 40, 40) - 9;
  for (let index = 0; index < frames; index++) {
    const percent = String(Math.floor((index * 100) / frames)).padStart(3);
    const bar = '#'.repeat(index % barWidth).padEnd(barWidth, '.');
    text += lines(index);
    text += `${E}7${E}[${rows};0f${E}[42m${E}[30m[${percent}%]${E}[49m${E}[39m [${bar}]${E}8`;
  }
  text += `${E}7${E}[0;${rows}r${E}8${E}[1A${E}[J`;
  return Buffer.from(`${text}done\r\n`);
}

const unpacking = (index: number) => `Unpacking package-${index} (1.${index % 7}) ...\r\n`;
// An empty line first in each gap: the first status line reaches rows below the cursor that no line has yet.
const emptyFirst = (index: number) => (index % 3 === 0 ? `\r\nline ${index}\r\n` : `\nline ${index}\n`);

const EMPTY_LINE_FIRST =
  'an empty line before a line, the first status line the first to reach the rows below';
const TWO_STATUS_LINES = 'two status lines, the last row the first status line made left blank to the end';

const DRAWINGS: Record<string, Drawing> = {
  'one CRLF line between status lines, more of them than the region holds': {
    cols: 40,
    rows: 6,
    regionBottom: 5,
    before: 'Reading package lists... Done',
    lines: unpacking,
    frames: 30,
  },
  'LF and CRLF, empty lines, a line as wide as the screen, several lines at once': {
    cols: 24,
    rows: 7,
    regionBottom: 6,
    before: '',
    lines: (index) =>
      [`line ${index}\n`, '\r\n', `${'w'.repeat(24)}\r\n`, `a ${index}\r\nb ${index}\nc\r\n`][
        index % 4
      ] as string,
    frames: 40,
  },
  'lines that wrap or are not ASCII, drawn as a terminal draws them between held ones': {
    cols: 16,
    rows: 6,
    regionBottom: 5,
    before: '',
    lines: (index) =>
      index % 5 === 2
        ? `a line longer than sixteen ${index}\r\n`
        : index % 7 === 3
          ? `café ${index}\r\n`
          : `ok ${index}\r\n`,
    frames: 35,
  },
  'wrapped rows in the region before its lines scroll them out': {
    cols: 10,
    rows: 8,
    regionBottom: 7,
    before: `${'0123456789'.repeat(2)}abc\r\nxy`,
    lines: (index) => `ok ${index}\r\n`,
    frames: 20,
  },
  'a region of two rows': {
    cols: 30,
    rows: 3,
    regionBottom: 2,
    before: 'first',
    lines: unpacking,
    frames: 12,
  },
  'no right margin': { cols: null, rows: 5, regionBottom: 4, before: 'start', lines: unpacking, frames: 25 },
  [EMPTY_LINE_FIRST]: {
    cols: 40,
    rows: 6,
    regionBottom: 5,
    before: 'start',
    lines: emptyFirst,
    frames: 30,
  },
  [TWO_STATUS_LINES]: {
    cols: 40,
    rows: 6,
    regionBottom: 5,
    before: 'start',
    lines: emptyFirst,
    frames: 2,
  },
};

/** Cuts every `stride` bytes, from `offset`: with the strides below, the chunks end in every part of a frame. */
const cutsEvery = (length: number, stride: number, offset: number) =>
  Array.from(
    { length: Math.floor((length - offset) / stride) },
    (_, index) => offset + index * stride,
  ).filter((cut) => cut > 0 && cut < length);

/** Where each of the output's offsets (and its end) maps to in the input. */
const offsetsOf = (renderer: Awaited<ReturnType<typeof render>>['renderer'], length: number) =>
  Array.from({ length: length + 1 }, (_, offset) => renderer.sourceOffsetOf(offset));

// One byte per chunk never skips a frame, so it never holds a line: the drawing as the renderer draws it
// cell by cell, to which the held lines must come out equal in bytes, stats and source offsets.
describe('TerminalRenderer lines scrolling in a region above a status line (held, not drawn)', () => {
  it.each(Object.entries(DRAWINGS))('should render %s as @xterm/headless does', async (_name, drawing) => {
    const bytes = aptGet(drawing);
    const options: TerminalRendererOptions = { cols: drawing.cols, maxLiveLines: drawing.rows };
    const whole = await render(bytes, options);
    expect(outputRows(whole.output, drawing.cols)).toEqual(
      await xtermRows(bytes, drawing.rows, drawing.cols),
    );
    const byteByByte = await render(bytes, options, [...bytes.keys()]);
    expect(whole.output.toString('hex')).toBe(byteByByte.output.toString('hex'));
    expect(whole.stats).toEqual(byteByByte.stats);
    const length = whole.output.length;
    expect(offsetsOf(whole.renderer, length)).toEqual(offsetsOf(byteByByte.renderer, length));
  });

  it.each(Object.entries(DRAWINGS))(
    'should render %s the same in chunks cut inside held lines',
    async (_name, drawing) => {
      const bytes = aptGet(drawing);
      const options: TerminalRendererOptions = { cols: drawing.cols, maxLiveLines: drawing.rows };
      const reference = await render(bytes, options, [...bytes.keys()]);
      for (const [stride, offset] of [
        [97, 13],
        [331, 40],
        [600, 7],
        [1024, 500],
      ] as const) {
        const chunked = await render(bytes, options, cutsEvery(bytes.length, stride, offset));
        expect(chunked.output.toString('hex')).toBe(reference.output.toString('hex'));
        expect(chunked.stats).toEqual(reference.stats);
      }
    },
  );

  // After a status line the cursor has moved back; an empty line's feed ends the move, so the line after it
  // is no redraw, as printing them counts (the held lines counted one per status line).
  it('should count the redraws of lines held after an empty one as printing them does', async () => {
    const bytes = aptGet(DRAWINGS[EMPTY_LINE_FIRST] as Drawing);
    const options: TerminalRendererOptions = { cols: 40, maxLiveLines: 6 };
    const whole = await render(bytes, options);
    const byteByByte = await render(bytes, options, [...bytes.keys()]);
    expect(whole.stats).toEqual(byteByByte.stats);
  });

  // The rows a status line's cursor address brings into use are made then, beginning there and ending as
  // the last line feed came (CRLF here), as one byte per write draws them. A skipped status line made none,
  // so the lines after it made them (LF, beginning at the line): the blank row left below `done` ended
  // `\n`, and `line 1` mapped to its own bytes, not to the status line's address.
  it('should make the rows below the cursor that the first status line reaches whatever the cuts', async () => {
    const bytes = aptGet(DRAWINGS[TWO_STATUS_LINES] as Drawing);
    const options: TerminalRendererOptions = { cols: 40, maxLiveLines: 6 };
    const byteByByte = await render(bytes, options, [...bytes.keys()]);
    const statusAddress = bytes.indexOf(`${E}[6;0f`) + `${E}[6;0f`.length;
    for (const cuts of [[], [statusAddress], [bytes.indexOf('line 1')]]) {
      const chunked = await render(bytes, options, cuts);
      expect(chunked.output.toString('latin1')).toBe('start\r\nline 0\r\n\ndone\r\n\r\n');
      expect(chunked.output.toString('latin1')).toBe(byteByByte.output.toString('latin1'));
      expect(chunked.stats).toEqual(byteByByte.stats);
      const length = chunked.output.length;
      expect(offsetsOf(chunked.renderer, length)).toEqual(offsetsOf(byteByByte.renderer, length));
      // `done` is on the row the status line's address made.
      expect(chunked.renderer.sourceOffsetOf('start\r\nline 0\r\n\n'.length)).toBe(statusAddress);
    }
    expect(outputRows(byteByByte.output, 40)).toEqual(await xtermRows(bytes, 6, 40));
  });
});
