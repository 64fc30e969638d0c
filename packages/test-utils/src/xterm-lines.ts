/** What {@link asXtermAtTheMargin} needs of an `@xterm/headless` Terminal (its private core's active buffer). */
interface MarginTerminal {
  cols: number;
  parser: {
    registerCsiHandler(
      id: { prefix?: string; final: string },
      handler: (params: (number | number[])[]) => boolean,
    ): unknown;
  };
}

/**
 * Makes an `@xterm/headless` terminal do what xterm itself does where xterm.js differs (xterm.js's own
 * conformance corpus, t0055-EL): EL with the cursor in the pending wrap at the right margin erases from the
 * last column, leaving the wrap (xterm.js erases nothing and the next character wraps). The renderer follows xterm.
 */
export function asXtermAtTheMargin(terminal: MarginTerminal): void {
  const fromLastColumn = () => {
    const buffer = (terminal as unknown as { _core: { buffer: { x: number } } })._core.buffer;
    if (buffer.x >= terminal.cols) buffer.x = terminal.cols - 1;
    // Not handled: xterm.js's own handler runs next, from there.
    return false;
  };
  terminal.parser.registerCsiHandler({ final: 'K' }, fromLastColumn);
  terminal.parser.registerCsiHandler({ prefix: '?', final: 'K' }, fromLastColumn);
}

/**
 * The lines `@xterm/headless` shows after drawing `bytes` on a terminal `cols` wide and `rows` tall, as a
 * reader of its scrollback and screen takes them: the rows of a wrapped line joined into one line, trailing
 * spaces and trailing empty lines removed. LF is drawn as CRLF (a pty's output processing; a test's pty
 * passes LF as written). Loaded lazily, so that a test that does not compare with xterm does not load it.
 */
export async function xtermLines(bytes: Uint8Array, cols: number, rows: number): Promise<string[]> {
  const { default: xterm } = await import('@xterm/headless');
  const terminal = new xterm.Terminal({ cols, rows, scrollback: 100_000, allowProposedApi: true });
  asXtermAtTheMargin(terminal);
  const input = Buffer.from(bytes).toString('latin1').replaceAll('\n', '\r\n');
  await new Promise<void>((resolve) => terminal.write(Buffer.from(input, 'latin1'), resolve));
  const buffer = terminal.buffer.normal;
  const lines: string[] = [];
  for (let index = 0; index < buffer.length; index++) {
    const row = buffer.getLine(index);
    const text = row?.translateToString(false) ?? '';
    if (row?.isWrapped === true && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  terminal.dispose();
  const trimmed = lines.map((line) => line.trimEnd());
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return trimmed;
}
