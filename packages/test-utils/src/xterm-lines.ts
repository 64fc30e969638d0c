/**
 * The lines `@xterm/headless` shows after drawing `bytes` on a terminal `cols` wide and `rows` tall, as a
 * reader of its scrollback and screen takes them: the rows of a wrapped line joined into one line, trailing
 * spaces and trailing empty lines removed. LF is drawn as CRLF (a pty's output processing; a test's pty
 * passes LF as written). Loaded lazily, so that a test that does not compare with xterm does not load it.
 */
export async function xtermLines(bytes: Uint8Array, cols: number, rows: number): Promise<string[]> {
  const { default: xterm } = await import('@xterm/headless');
  const terminal = new xterm.Terminal({ cols, rows, scrollback: 100_000, allowProposedApi: true });
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
