import { once } from 'node:events';
import { SOURCE_OFFSET_LOOKBACK_BYTES } from '@pipeguard/shared';
import { describeStageContract } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { TerminalRenderer } from '../src/index';
import { checkBoundedWithoutNewline } from './load/no-newline';
import { render } from './render';

const text = (output: Buffer) => output.toString('utf8');

describe('TerminalRenderer', () => {
  it.each<[string, string, string]>([
    ['a shorter redraw leaves the rest of the old frame', 'downloading 100%\rdone\n', 'doneloading 100%\n'],
    ['a bare CR redraw keeps the last frame', '10%\r20%\r100%\nDone\n', '100%\nDone\n'],
    ['colours are removed', '\x1b[1;32mok\x1b[0m\n', 'ok\n'],
    ['CRLF is a line end and stays CRLF', 'a\r\nb\r\n', 'a\r\nb\r\n'],
    ['BS moves one cell left', 'ab\bc\n', 'ac\n'],
    ['a tab is kept where nothing overwrites it', 'a\tb\n', 'a\tb\n'],
    ['an overwritten tab becomes spaces', 'a\tb\rxy\n', 'xy      b\n'],
    [
      'erase in line right, left and whole',
      'abcdef\r\x1b[2C\x1b[K\nabcdef\r\x1b[2C\x1b[1K\nab\x1b[2K\n',
      'ab\n   def\n\n',
    ],
    ['cursor up redraws a line above', 'one\ntwo\n\x1b[2Aone!\n', 'one!\ntwo\n'],
    ['cursor position and erase below', 'a\nb\nc\x1b[1;1H\x1b[Jz', 'z\n'],
    ['save and restore cursor', 'ab\x1b7cd\x1b8X\n', 'abXd\n'],
    [
      'OSC 8 keeps its visible text, a title goes',
      '\x1b]0;title\x07\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\n',
      'link\n',
    ],
    [
      'DCS, APC, PM and SOS strings are removed whole',
      'a\x1bPq#0;1\x1b\\b\x1b_x\x1b\\c\x1b^y\x1b\\d\x1bXz\x1b\\e\n',
      'abcde\n',
    ],
    ['other C0 controls go once the input draws; NUL stays', '\x1b[0mA\x07B\x00C\n', 'AB\x00C\n'],
    ['a wide character takes two cells', '東京\rab\n', 'ab京\n'],
  ])('should render when %s', async (_title, input, expected) => {
    expect(text((await render(Buffer.from(input))).output)).toBe(expected);
  });

  it('should pass legacy bytes (GBK, Shift_JIS, cp1251) through byte for byte, coloured or not', async () => {
    // 警告 in GBK, ファイル in Shift_JIS, Ошибка in cp1251.
    const legacy = Buffer.from([
      0xbe, 0xaf, 0xb8, 0xe6, 0x0a, 0x83, 0x74, 0x83, 0x40, 0x83, 0x43, 0x83, 0x8b, 0x0a, 0xce, 0xf8, 0xe8,
      0xe1, 0xea, 0xe0, 0x0a,
    ]);
    expect((await render(legacy)).output).toEqual(legacy);
    const coloured = Buffer.concat([Buffer.from('\x1b[31m'), legacy, Buffer.from('\x1b[0m')]);
    expect((await render(coloured)).output).toEqual(legacy);
  });

  it('should erase the last cell on EL from the pending wrap at the margin, as xterm does (t0055-EL)', async () => {
    const { output } = await render(Buffer.from('0123456789\x1b[K!\n'), { cols: 10 });
    expect(output.toString()).toBe('012345678!\n');
  });

  it('should never treat a byte ≥ 0x80 as a control (C1 0x9B is text)', async () => {
    const bytes = Buffer.from([0x41, 0x9b, 0x33, 0x31, 0x6d, 0x0a]);
    expect((await render(bytes)).output).toEqual(bytes);
  });

  it('should remove a sequence split at every byte and a character split at every byte', async () => {
    const input = Buffer.from('x\x1b]8;;http://example.com\x1b\\é東\x1b[38;5;208m━\x1b[0m\n');
    for (let cut = 0; cut <= input.length; cut++) {
      expect(text((await render(input, undefined, [cut])).output)).toBe('xé東━\n');
    }
  });

  it('should remove the C0 controls after a bare CR, wherever a chunk ends', async () => {
    // Found by pnpm test:fuzz: a CR that ended a chunk was settled as bare only by the text after it.
    const input = Buffer.from('a\r\x01b\x1cc\n');
    for (let cut = 0; cut <= input.length; cut++) {
      expect(text((await render(input, undefined, [cut])).output)).toBe('bc\n');
    }
  });

  it('should end a line that scrolls out under IND as the line feed before it did, wherever a chunk ends', async () => {
    // Found by pnpm test:fuzz: a CRLF in plain text that scrolled the screen did not set how new rows end.
    const input = Buffer.from('\x1b[m\r\n\x1bD');
    for (const maxLiveLines of [1, 2]) {
      for (let cut = 0; cut <= input.length; cut++) {
        const { output } = await render(input, { maxLiveLines }, [cut]);
        expect(output.toString()).toBe('\r\n\r\n');
      }
    }
  });

  it('should keep bytes that are not UTF-8 one cell each when text written over them would join them, wherever a chunk ends', async () => {
    // Found by pnpm test:fuzz: a written 0x80 after a lone 0xC2 was laid out again as U+0080, one cell.
    const input = Buffer.from(`${' \b\xC2'.repeat(6)}${'\b'.repeat(5)}${'\x80'.repeat(6)}`, 'latin1');
    for (let cut = 0; cut <= input.length; cut++) {
      expect((await render(input, undefined, [cut])).output.toString('hex')).toBe('c2808080808080');
    }
  });

  it('should keep bytes that are not UTF-8 one cell each when a control between them is removed, wherever a chunk ends', async () => {
    // Found by pnpm test:fuzz: 0xC2, a removed control, then 0x80 were laid out together as U+0080.
    const input = Buffer.from('"\xC2\x03\x80\x01\b'.repeat(3), 'latin1');
    const whole = (await render(input)).output.toString('hex');
    for (let cut = 0; cut <= input.length; cut++) {
      expect((await render(input, undefined, [cut])).output.toString('hex')).toBe(whole);
    }
  });

  it('should count bytes, removed sequences and redraws', async () => {
    const { stats } = await render(Buffer.from('\x1b[32m 5%\x1b[0m\r\x1b[32m50%\x1b[0m\r100%\x1b[K\n'));
    expect(stats).toEqual({ bytesIn: 34, bytesOut: 5, sequencesRemoved: 5, framesOverwritten: 2 });
  });

  it('should commit lines that scroll above maxLiveLines at once and keep the rest live', async () => {
    const renderer = new TerminalRenderer({ maxLiveLines: 2 });
    const chunks: string[] = [];
    renderer.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    renderer.write('one\ntwo\nthree\n');
    await new Promise(setImmediate);
    expect(chunks.join('')).toBe('one\ntwo\n');
    renderer.write('\x1b[5Athree!\n');
    renderer.end();
    await once(renderer, 'end');
    expect(chunks.join('')).toBe('one\ntwo\nthree!\n');
  });

  it('should commit a line longer than maxRowBytes in part', async () => {
    const { output } = await render(Buffer.from(`${'x'.repeat(10)}\ry\n`), { maxRowBytes: 8 });
    expect(text(output)).toBe('xxxxxxxxyx\n');
  });

  it('should cut every too-long line of a chunk, not only every other one, before a redraw reaches them', async () => {
    // Two lines over maxRowBytes in one chunk, then the cursor goes up into the second: cut in part, as byte by byte.
    const bytes = Buffer.from('\n東京\n█▌\n\x1b[Aé\n');
    const options = { maxLiveLines: 4, maxRowBytes: 4 };
    const whole = await render(bytes, options);
    const byteByByte = await render(bytes, options, [...bytes.keys()]);
    expect(whole.output.toString()).toBe('\n東京\n█é\n');
    expect(byteByByte.output.toString()).toBe('\n東京\n█é\n');
  });

  it('should keep memory bounded on 256 MiB with no newline', async () => {
    await checkBoundedWithoutNewline(4 * 1024);
  }, 120_000);

  it('should render a RIS after a wrapped line the same whole and byte by byte', async () => {
    // Found by the chunking property (seed 1445049571): cut across writes, the last character's row was
    // dropped by RIS after the row above had gone out as continued, and the next row came out as a space.
    const input = Buffer.from('\x1b[m       \x1b[1;10HПривет\x1bc\r\n');
    const options = { cols: 1, maxLiveLines: 1, maxRowBytes: 4 };
    const whole = await render(input, options);
    const byteByByte = await render(input, options, [...input.keys()]);
    expect(text(byteByByte.output)).toBe(text(whole.output));
    // The line whose continuation RIS erased ends there, as when ED 2 erases it: the CRLF ends a line of its own.
    expect(text(whole.output)).toBe('      Приве\n\r\n');
  });

  it('should end the line a RIS cut off before a tab at the start of the next row', async () => {
    // Found by the self-rendering property (100 000-run fuzz): the row '        █' had gone out as continued,
    // RIS erased its continuation and a TAB began the next row. Joined to the row above, the tab byte landed
    // at its pending wrap, where xterm does not move: rendering the output again dropped it.
    const input = Buffer.from([
      27, 91, 109, 27, 91, 63, 54, 104, 27, 91, 49, 59, 49, 48, 72, 226, 150, 136, 226, 150, 140, 27, 91, 49,
      100, 27, 99, 27, 91, 63, 54, 108, 9, 27, 55,
    ]);
    const options = { cols: 9, maxLiveLines: 1 };
    const { output } = await render(input, options);
    expect(text(output)).toBe('        █\n\t');
    expect(text((await render(output, options)).output)).toBe(text(output));
  });

  it.each([
    // CSI m 東京 CSI Z TAB 東京: after the back tab and the tab, the wide character wraps before it is drawn.
    [[27, 91, 109, 230, 157, 177, 228, 186, 172, 27, 91, 90, 9, 230, 157, 177, 228, 186, 172], 0],
    [
      [
        27, 27, 99, 91, 109, 27, 91, 63, 54, 104, 27, 91, 49, 59, 49, 72, 195, 169, 27, 91, 49, 100, 27, 91,
        63, 54, 108, 9, 230, 157, 177, 228, 186, 172,
      ],
      1,
    ],
  ])(
    'should count the redraws of a wide character wrapped at the margin the same in every chunking (%#)',
    async (bytes, redraws) => {
      // Found by the chunking property (100 000-run fuzz): text that began a write after a move back counted a
      // redraw before the printer wrapped its first character, which the wrap ends; whole, it counted none.
      const input = Buffer.from(bytes);
      const options = { cols: 3, maxLiveLines: 1, maxRowBytes: 4 };
      const whole = await render(input, options);
      expect(whole.stats.framesOverwritten).toBe(redraws);
      for (const cuts of [[...input.keys()], [input.length - 6], [input.length - 5]]) {
        const cut = await render(input, options, cuts);
        expect(text(cut.output)).toBe(text(whole.output));
        expect(cut.stats).toEqual(whole.stats);
      }
    },
  );

  it('should count a tab after a move back as no redraw, as the printer does, in every chunking', async () => {
    // Found by the chunking property (seed -77392335) with the fix above: text from a TAB to a CRLF after IL
    // was counted by the bulk path (whole) and not by the printer (cut after the TAB). A TAB moves, it
    // writes no character: only a character written after the move back is a redraw.
    const input = Buffer.from('\x1b[m \x1b[L\t\r\n');
    const options = { cols: null, maxLiveLines: 1, maxRowBytes: 4 };
    const whole = await render(input, options);
    expect(text(whole.output)).toBe('\t\r\n');
    expect(whole.stats.framesOverwritten).toBe(0);
    for (const cuts of [[...input.keys()], [8]])
      expect((await render(input, options, cuts)).stats).toEqual(whole.stats);
  });

  it('should end a wrapped line whose continuation row was erased from its first column', async () => {
    // Found by the VT-subset property (seed 1738429057): the row above had gone out as continued, then EL at
    // the continuation's first column cleared the wrap (xterm's isWrapped = false), so the erased row is a
    // line of its own: xterm shows '   ', '' and '!', the renderer joined the first two.
    const input = Buffer.from('\x1b[m    \x1b[Z\x1b[K\r\n!');
    const options = { cols: 3, maxLiveLines: 1 };
    const whole = await render(input, options);
    const byteByByte = await render(input, options, [...input.keys()]);
    expect(text(whole.output)).toBe('   \n\r\n!');
    expect(text(byteByByte.output)).toBe(text(whole.output));
  });

  it('should map output offsets to the input line they came from', async () => {
    const input = Buffer.from(
      'a plain line, as it was\n\x1b[32mcolour\x1b[0m line, drawn in green\n10%\r100% of it, redrawn\n',
    );
    const { output, renderer } = await render(input);
    expect(text(output)).toBe('a plain line, as it was\ncolour line, drawn in green\n100% of it, redrawn\n');
    // One for one where the text passed as it was; the start of the input line where it was drawn.
    expect(renderer.sourceOffsetOf(3)).toBe(3);
    expect(renderer.sourceOffsetOf(24)).toBe(24);
    expect(renderer.sourceOffsetOf(40)).toBe(24);
    expect(renderer.sourceOffsetOf(60)).toBe(61);
    expect(renderer.sourceOffsetOf(output.length)).toBeNull();
    expect(renderer.sourceOffsetOf(-1)).toBeNull();
  });

  it('should map each short drawn line to its own input start when a burst of them comes out', async () => {
    // The shared map's credit keeps a burst of stretches shorter than its grain exact.
    const line = '\x1b[1mok\x1b[0m\n';
    const { output, renderer } = await render(Buffer.from(line.repeat(20)));
    expect(text(output)).toBe('ok\n'.repeat(20));
    for (let index = 0; index < 20; index++) {
      expect(renderer.sourceOffsetOf(index * 3)).toBe(index * line.length);
      expect(renderer.sourceOffsetOf(index * 3 + 2)).toBe(index * line.length);
    }
  });

  it('should answer sourceOffsetOf for the last SOURCE_OFFSET_LOOKBACK_BYTES of output and forget older ones', async () => {
    const lines = Array.from(
      { length: 60_000 },
      (_, index) => `\x1b[1m${String(index).padStart(40, '.')}\x1b[0m\n`,
    );
    const { output, renderer } = await render(Buffer.from(lines.join('')));
    const lineBytes = 41;
    const last = output.length - 1;
    expect(renderer.sourceOffsetOf(last)).toBe((60_000 - 1) * lines[0]!.length);
    const old = last - SOURCE_OFFSET_LOOKBACK_BYTES + 1;
    const lineOfOld = Math.floor(old / lineBytes);
    expect(renderer.sourceOffsetOf(old)).toBe(lineOfOld * lines[0]!.length);
    expect(renderer.sourceOffsetOf(0)).toBeNull();
  });
});

describeStageContract('TerminalRenderer', {
  create: (options) => new TerminalRenderer(options as never),
  knownOptions: ['maxLiveLines', 'maxRowBytes'],
  validOptions: [{ maxLiveLines: 3, maxRowBytes: 100 }],
  // Committed lines (with a colour to remove) and a redrawn line still live: output and held state.
  input: () => [Buffer.from('\x1b[32mline\x1b[0m\n'.repeat(200)), Buffer.from('10%\r50%')],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    [
      { maxLiveLines: 0 },
      RangeError,
      'The "maxLiveLines" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { maxLiveLines: 1.5 },
      RangeError,
      'The "maxLiveLines" option must be a safe integer greater than or equal to 1. Received 1.5',
    ],
    [
      { maxLiveLines: '64' },
      TypeError,
      `The "maxLiveLines" option must be of type number. Received type string ('64')`,
    ],
    [
      { maxRowBytes: 3 },
      RangeError,
      'The "maxRowBytes" option must be a safe integer greater than or equal to 4. Received 3',
    ],
    [
      { maxRowBytes: Number.NaN },
      RangeError,
      'The "maxRowBytes" option must be a safe integer greater than or equal to 4. Received NaN',
    ],
    [
      { maxLiveLine: 3 },
      TypeError,
      'The "options" argument has an unknown option "maxLiveLine" (did you mean "maxLiveLines"?)',
    ],
  ],
});
