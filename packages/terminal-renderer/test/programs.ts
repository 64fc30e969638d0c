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
