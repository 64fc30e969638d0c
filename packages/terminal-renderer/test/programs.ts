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
