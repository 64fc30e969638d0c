import { cutAt } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { TerminalRenderer, type TerminalRendererOptions } from '../src/index';
import { renderFromOneBuffer } from './refill';
import { render } from './render';

const lines = (label: string, count: number) =>
  Array.from(
    { length: count },
    (_, index) => `${label} line ${String(index).padStart(3, '0')} of the log\n`,
  ).join('');

// One input that reaches every place the renderer keeps something between writes: the live lines of plain
// text (held as bytes), a UTF-8 character cut by a write's end, an escape sequence and an OSC string cut by
// one, rows drawn over later (cursor up), a row held past a write in the pending-wrap state at the margin,
// legacy bytes, and output large enough to wait in the readable buffer until the reader comes.
const CP1251 = Buffer.from([0xce, 0xf8, 0xe8, 0xe1, 0xea, 0xe0, 0x0a]);
const PROGRAM = Buffer.concat([
  Buffer.from(lines('first', 100)),
  Buffer.from(lines('second', 100)),
  Buffer.from('東京 cut here\n'),
  Buffer.from(`${lines('third', 100)}\x1b[32mgreen\x1b[0m and \x1b]0;a title\x07after\n`),
  Buffer.from(`${lines('fourth', 100)}\x1b[3Aredrawn\x1b[K\n\x1b[2B`),
  Buffer.concat(Array.from({ length: 100 }, () => CP1251)),
  Buffer.from(`${'x'.repeat(79)}|${lines('fifth', 100)}done\r`),
]);
// Cuts inside the character, the CSI, the OSC and the redraw, and between the lines.
const CUTS = [4200, 8500, 8502, 8504, 12500, 12514, 12530, 17000, 17004, 19000, 20000];

async function fromOneBuffer(options: TerminalRendererOptions): Promise<string> {
  return (
    await renderFromOneBuffer(new TerminalRenderer(options), cutAt(PROGRAM, CUTS) as Buffer[])
  ).toString('latin1');
}

describe('TerminalRenderer and a writer that reuses its buffer once called back', () => {
  it.each<[string, TerminalRendererOptions]>([
    ['without a right margin', {}],
    ['at 80 columns and 24 rows', { cols: 80, maxLiveLines: 24 }],
  ])('should render what was written, not what the buffer holds later, %s', async (_title, options) => {
    const expected = (await render(PROGRAM, options)).output.toString('latin1');
    expect(await fromOneBuffer(options)).toBe(expected);
  });
});
