import fc from 'fast-check';

const ESC = '\x1b';

/** Printable text: ASCII, accented Latin, Cyrillic, box drawing and East Asian wide characters. */
const text = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[ -~]{1,12}$/) },
  { weight: 2, arbitrary: fc.constantFrom('é', 'Zoë', 'Привет', '━━━', '█▌', '°C', '✓') },
  { weight: 2, arbitrary: fc.constantFrom('東京', '中文字', 'ｱｲ', '한국', '気温は') },
);

const count = fc.integer({ min: 0, max: 12 });

/** The sequences a drawing program uses, each as the terminal would receive it. */
const drawing = fc.oneof(
  fc.constantFrom('\r', '\r\n', '\n', '\b', '\t'),
  fc.constantFrom(
    `${ESC}[31m`,
    `${ESC}[1;32m`,
    `${ESC}[0m`,
    `${ESC}[m`,
    `${ESC}[38;5;208m`,
    `${ESC}[38:2:1:2:3m`,
  ),
  fc.constantFrom(`${ESC}[K`, `${ESC}[0K`, `${ESC}[1K`, `${ESC}[2K`, `${ESC}[J`, `${ESC}[0J`),
  fc.constantFrom(`${ESC}7`, `${ESC}8`, `${ESC}[s`, `${ESC}[u`, `${ESC}[?25l`, `${ESC}[?25h`),
  fc
    .tuple(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'), count)
    .map(([final, n]) => `${ESC}[${n || ''}${final}`),
  fc
    .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 30 }), fc.constantFrom('H', 'f'))
    .map(([row, column, final]) => `${ESC}[${row};${column}${final}`),
  fc.constantFrom(
    `${ESC}]0;title${ESC}\\`,
    `${ESC}]8;;https://example.com/${ESC}\\link${ESC}]8;;${ESC}\\`,
    `${ESC}]2;t\x07`,
  ),
);

/** A random drawing program: text, line ends, carriage returns, colours, erases and cursor moves. */
export const program = fc
  .array(fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: drawing }), { maxLength: 60 })
  .map((pieces) => Buffer.from(pieces.join('')));

const sgr = fc.constantFrom(`${ESC}[32m`, `${ESC}[0m`, `${ESC}[m`, `${ESC}[1;36m`, `${ESC}[38:2:1:2:3m`);

/** A one-line redraw as pip or curl draws it: CR, then text and colours, mostly ending in an erase to the end of the line. */
const barFrame = fc
  .tuple(
    fc.array(fc.oneof({ weight: 3, arbitrary: text }, sgr, fc.constantFrom(`${ESC}[K`, `${ESC}[0K`)), {
      maxLength: 6,
    }),
    fc.constantFrom(`${ESC}[K`, `${ESC}[0K`, `${ESC}[00K`, ''),
  )
  .map(([pieces, erase]) => `\r${pieces.join('')}${erase}`);

/** A multi-line redraw as pnpm or docker draws it: up `n` lines, then each line erased whole and drawn again. */
const stackFrame = fc
  .tuple(
    fc.integer({ min: 0, max: 4 }),
    fc.array(fc.array(fc.oneof({ weight: 3, arbitrary: text }, sgr), { maxLength: 4 }), {
      minLength: 4,
      maxLength: 4,
    }),
    fc.boolean(),
  )
  .map(([up, lines, erase]) => {
    const drawn = lines
      .slice(0, Math.max(1, up))
      .map((line) => `${erase ? `${ESC}[2K` : ''}${line.join('')}\n`);
    return `${ESC}[${up === 1 ? '' : up}A${drawn.join('')}`;
  });

/** Progress output: runs of one-line and multi-line redraw frames between lines and other drawing. */
export const redrawProgram = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.array(barFrame, { minLength: 1, maxLength: 6 }).map((frames) => frames.join('')),
      },
      {
        weight: 3,
        arbitrary: fc.array(stackFrame, { minLength: 1, maxLength: 5 }).map((frames) => frames.join('')),
      },
      { weight: 2, arbitrary: fc.constantFrom('\n', '\r\n', 'line\n', '\n\n\n\n') },
      { weight: 1, arbitrary: drawing },
      { weight: 1, arbitrary: text },
    ),
    { maxLength: 24 },
  )
  .map((pieces) => Buffer.from(pieces.join('')));

const small = fc.integer({ min: 0, max: 6 });
const line = fc.integer({ min: 1, max: 8 });

/** The rest of the VT subset programs emit, each as the terminal would receive it. */
const screenEdits = fc.oneof(
  fc.constantFrom('\x0b', '\x0c', `${ESC}D`, `${ESC}E`, `${ESC}M`, `${ESC}H`, `${ESC}7`, `${ESC}8`),
  fc
    .tuple(fc.constantFrom('@', 'P', 'X', 'L', 'M', 'S', 'T', 'I', 'Z', 'b', 'd', 'e', '`', 'a'), small)
    .map(([final, n]) => `${ESC}[${n || ''}${final}`),
  fc.constantFrom(`${ESC}[0g`, `${ESC}[3g`, `${ESC}[r`, `${ESC}[?7h`),
  fc.constantFrom(`${ESC}[4h`, `${ESC}[4l`, `${ESC}[20h`, `${ESC}[20l`),
  fc.constantFrom(
    `${ESC}[?1049h`,
    `${ESC}[?1049l`,
    `${ESC}[?47h`,
    `${ESC}[?47l`,
    `${ESC}[?1047h`,
    `${ESC}[?1047l`,
  ),
  fc.tuple(line, line).map(([top, bottom]) => `${ESC}[${top};${bottom}r`),
  // Origin mode with absolute addressing only: xterm.js moves relative moves and CHA by the top margin there.
  fc
    .tuple(line, fc.integer({ min: 1, max: 20 }), text)
    .map(([row, column, written]) => `${ESC}[?6h${ESC}[${row};${column}H${written}${ESC}[${row}d${ESC}[?6l`),
);

/**
 * A drawing program using all of the VT subset (scroll regions, insert and delete, tab stops, the alternate
 * screen, modes): it begins drawing at once, as the C0 controls before the first sequence are text.
 */
export const terminalProgram = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: text },
      { weight: 2, arbitrary: drawing },
      { weight: 2, arbitrary: screenEdits },
    ),
    {
      maxLength: 60,
    },
  )
  .map((pieces) => Buffer.from(`${ESC}[m${pieces.join('')}`));

/**
 * {@link terminalProgram} with what @xterm/headless does not show as a terminal would: a full reset (RIS,
 * where xterm forgets its scrollback and the renderer cannot), and autowrap off (where xterm.js lets text
 * written over a wide character's right half hide behind it).
 */
export const anyTerminalProgram = fc
  .tuple(terminalProgram, fc.nat(), fc.constantFrom('', `${ESC}c`, `${ESC}[?7l`))
  .map(([bytes, at, inserted]) => {
    // Between two characters: bytes of one cut by a sequence are not UTF-8 any more, nor text to render twice.
    let cut = at % (bytes.length + 1);
    while (cut < bytes.length && ((bytes[cut] as number) & 0xc0) === 0x80) cut++;
    return Buffer.concat([bytes.subarray(0, cut), Buffer.from(inserted), bytes.subarray(cut)]);
  });

/** A terminal's size: a right margin and a height, small so that lines wrap and scroll. */
export const terminalSize = fc.record({
  cols: fc.integer({ min: 2, max: 24 }),
  maxLiveLines: fc.integer({ min: 1, max: 8 }),
});

/**
 * {@link terminalSize}, or no right margin (where a tab with no stop ahead stays, and xterm, which always
 * has a margin, goes to its last column).
 */
export const screenSize = fc.record({
  cols: fc.oneof(fc.constant(null), fc.integer({ min: 2, max: 24 })),
  maxLiveLines: fc.integer({ min: 1, max: 8 }),
});
