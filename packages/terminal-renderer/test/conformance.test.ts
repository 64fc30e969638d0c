import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { render } from './render';

const E = '\x1b';

/** A drawing, the terminal it is drawn on, and what it exercises. */
interface Case {
  input: string;
  cols: number | null;
  rows: number;
}

const lines = (count: number, prefix = 'line') =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index}`).join('\n');

// One case or more per feature the renderer applies; @xterm/headless, at the same size, is the oracle.
const CASES: Record<string, Case> = {
  'autowrap at the right margin': { input: `${'abcdefghij'.repeat(3)}\nnext`, cols: 12, rows: 5 },
  'pending wrap: a CR at the margin stays on the row': { input: 'abcdefghij\rX\n', cols: 10, rows: 4 },
  'pending wrap: a line feed at the margin does not wrap twice': {
    input: 'abcdefghij\nnext',
    cols: 10,
    rows: 4,
  },
  'pending wrap: a cursor move leaves it': { input: `abcdefghij${E}[DX${E}[CY`, cols: 10, rows: 4 },
  'DECAWM off: the last column takes each character': {
    input: `${E}[?7labcdefghijklm\n${E}[?7hnopqrstuvwxyz`,
    cols: 10,
    rows: 5,
  },
  'a wide character that does not fit wraps whole': { input: 'abcdefghi東京\nx', cols: 10, rows: 4 },
  'cursor moves stop at the margins': { input: `ab${E}[99Cz${E}[99Dy${E}[99A x${E}[99By`, cols: 10, rows: 4 },
  'a wrapped line scrolls out as one line': {
    input: `${'0123456789'.repeat(5)}\n${lines(6)}`,
    cols: 10,
    rows: 3,
  },
  // Found by the VT-subset property: the tab began a row that continues a wrapped one, where a tab byte
  // would lay out at that row's pending wrap.
  'HT at the start of a row that continues a wrapped line': {
    input: `${' '.repeat(10)}${E}[2;1H${E}[K\t!`,
    cols: 9,
    rows: 1,
  },
  'HT to the default stops, kept past the text': {
    input: 'a\tb\tc\n\t\tx\nabcdefghij\rq\tw\n',
    cols: 40,
    rows: 5,
  },
  'HT stops at the margin': { input: 'ab\t\t\t\t\t\tz', cols: 20, rows: 3 },
  'HTS and TBC': { input: `${E}[3g  ${E}H     ${E}H\r\ta\tb\n${E}[3g\tz\n\tq`, cols: 20, rows: 4 },
  'TBC 0 clears one stop': { input: `\t${E}[0g\r\tx\n\ty`, cols: 30, rows: 3 },
  // xterm (xterm.js's corpus, t0055-EL): from the pending wrap, EL erases the last cell; the oracle is made to.
  'EL in the pending wrap at the margin erases from the last column': {
    input: `0123456789${E}[K!\nabcdefghij${E}[1K?\nABCDEFGHIJ${E}[2K.`,
    cols: 10,
    rows: 4,
  },
  'CHT and CBT': { input: `${E}[2Ia${E}[Zb${E}[3Ic${E}[2Zd`, cols: 40, rows: 3 },
  // Once the input draws: before, C0 controls are kept as text (see the README).
  'VT and FF feed lines and keep the column': { input: `${E}[mab\x0bcd\x0cef\ngh`, cols: null, rows: 5 },
  'IND, NEL and RI': { input: `ab${E}Dcd${E}Eef${E}M${E}Mgh`, cols: null, rows: 5 },
  'RI at the top scrolls down': { input: `one\ntwo${E}[H${E}Mzero`, cols: null, rows: 4 },
  'ICH and DCH': { input: `abcdefgh\r${E}[2C${E}[3@XY\n12345678\r${E}[2C${E}[3P`, cols: 10, rows: 3 },
  'ICH pushes cells past the margin away': { input: `abcdefghij\r${E}[4@`, cols: 10, rows: 2 },
  ECH: { input: `abcdefgh\r${E}[2C${E}[3X\n`, cols: null, rows: 3 },
  'REP repeats the character printed just before it': {
    input: `a${E}[3b-${E}[2b${E}[m${E}[2b!`,
    cols: null,
    rows: 2,
  },
  // Found by pnpm test:fuzz: a line feed in plain text did not end what REP repeats.
  'REP after a line feed repeats nothing': {
    input: `${E}[m \r\n${E}[bé\nx\n${E}[2by${E}[m東京\r\n${E}[b`,
    cols: 2,
    rows: 2,
  },
  'REP wraps': { input: `x${E}[12b`, cols: 5, rows: 4 },
  'IL and DL': { input: `1\n2\n3\n4${E}[2;1H${E}[2L${E}[4;1H${E}[1M`, cols: null, rows: 6 },
  'SU and SD': { input: `1\n2\n3\n4${E}[2S${E}[H${E}[1T`, cols: null, rows: 4 },
  'DECSTBM: lines scrolled out of a region at the top become final': {
    input: `${E}[1;3r${E}[H${lines(8)}${E}[4;1Hstatus${E}[r`,
    cols: null,
    rows: 4,
  },
  'DECSTBM: a region below the top loses its lines': {
    input: `top\n${E}[2;3r${E}[2;1H${lines(6)}${E}[r${E}[4;1Hend`,
    cols: null,
    rows: 4,
  },
  'DECSTBM: a status line drawn below the region, as apt-get draws it': {
    input: `\n${E}7${E}[0;3r${E}8${E}[1A${Array.from({ length: 6 }, (_, step) => `Unpacking ${step}...\r\n${E}7${E}[4;0f${E}[42mProgress: [${step * 20}%]${E}[49m${E}8`).join('')}${E}7${E}[0;4r${E}8${E}[1A${E}[J`,
    cols: 40,
    rows: 4,
  },
  'DECOM: addressing from the top margin': {
    input: `${E}[2;4r${E}[?6h${E}[1;1HA${E}[3;2HB${E}[9;1HC${E}[?6lD`,
    cols: 10,
    rows: 5,
  },
  'IRM: insert mode shifts the row': { input: `abcdef\r${E}[4hXY${E}[4lZ`, cols: null, rows: 2 },
  'IRM with wraparound': { input: `abcdefghij\r${E}[2C${E}[4h12345${E}[4l`, cols: 10, rows: 3 },
  'LNM: VT and FF return the carriage too': {
    input: `${E}[mab\x0bcd${E}[20hef\x0bgh\x0cij${E}[20lkl\x0bmn`,
    cols: null,
    rows: 8,
  },
  'the alternate screen (1049): its frames are not output, the main screen comes back': {
    input: `before\n${E}[?1049h${E}[Hframe 1${E}[Hframe 2\n${E}[?1049lafter\n`,
    cols: 20,
    rows: 4,
  },
  'the alternate screen (47): the cursor comes back where it left': {
    input: `one\ntwo${E}[?47h${E}[3;3Hx${E}[?47ly`,
    cols: 20,
    rows: 4,
  },
  'the alternate screen (1047)': { input: `main${E}[?1047h${E}[2Jalt${E}[?1047l!`, cols: 20, rows: 3 },
  'a stream that ends on the alternate screen: the main screen, then its last frame': {
    input: `${lines(3)}\n${E}[?1049h${E}[H${E}[2Jtop${E}[3;1Hbottom${E}[Hredrawn`,
    cols: 20,
    rows: 4,
  },
  'RIS: a fresh terminal': {
    input: `abc\ndef${E}[4h${E}[?7l${E}cxyz${'0123456789'.repeat(2)}`,
    cols: 8,
    rows: 4,
  },
  'DECSC and DECRC': { input: `ab${E}7cd\n${E}[?7l${E}8X${E}[2;5Hq`, cols: null, rows: 4 },
  'erases with wide characters cut at their edges': {
    input: `東京都\r${E}[1C${E}[K\n東京都\r${E}[3C${E}[1K\n東京都\r${E}[1C${E}[2X`,
    cols: null,
    rows: 4,
  },
};

describe('TerminalRenderer conformance: each feature as @xterm/headless shows it', () => {
  it.each(Object.entries(CASES))('should render %s', async (_name, { input, cols, rows }) => {
    const bytes = Buffer.from(input);
    const options = { cols, maxLiveLines: rows };
    const whole = await render(bytes, options);
    expect(outputRows(whole.output, cols)).toEqual(await xtermRows(bytes, rows, cols));
    const byteByByte = await render(bytes, options, [...bytes.keys()]);
    expect(byteByByte.output.toString('hex')).toBe(whole.output.toString('hex'));
  });
});
