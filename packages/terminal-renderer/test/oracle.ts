import xterm from '@xterm/headless';
import { cellWidthOf } from '../src/cell-width';

// The package is CommonJS with no named ESM exports.
const { Terminal } = xterm;

/** Columns of the oracle terminal: wider than any line a test draws, so that nothing wraps. */
export const ORACLE_COLUMNS = 1000;

// One terminal per height, reset before each use: building one costs more than most drawings.
const terminals = new Map<number, InstanceType<typeof Terminal>>();

function terminalOf(rows: number): InstanceType<typeof Terminal> {
  let terminal = terminals.get(rows);
  if (terminal === undefined) {
    terminal = new Terminal({
      cols: ORACLE_COLUMNS,
      rows,
      scrollback: 100_000,
      convertEol: true,
      allowProposedApi: true,
    });
    terminals.set(rows, terminal);
  }
  return terminal;
}

/**
 * What `@xterm/headless` shows after drawing `bytes`: a terminal `rows` tall (the renderer's
 * `maxLiveLines`), wide enough that no line wraps, whose line discipline turns LF into CRLF, with
 * scrollback for all of it; one string per line, trailing spaces and trailing empty lines trimmed.
 */
export async function xtermLines(bytes: Uint8Array, rows: number): Promise<string[]> {
  const terminal = terminalOf(rows);
  terminal.reset();
  await new Promise<void>((resolve) => terminal.write(bytes, resolve));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  for (let index = 0; index < buffer.length; index++)
    lines.push((buffer.getLine(index)?.translateToString(true) ?? '').trimEnd());
  return trimTrailingEmpty(lines);
}

/** The renderer's output in the oracle's terms: decoded, tabs expanded to stops of 8, NUL dropped (xterm ignores it), CRLF as LF, lines trimmed. */
export function rendererLines(output: Uint8Array): string[] {
  const text = Buffer.from(output).toString('utf8').replaceAll('\r\n', '\n').replaceAll('\0', '');
  return trimTrailingEmpty(text.split('\n').map((line) => expandTabs(line).trimEnd()));
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  let column = 0;
  for (const character of line) {
    const width = character === '\t' ? 8 - (column % 8) : cellWidthOf(character.codePointAt(0) as number);
    out += character === '\t' ? ' '.repeat(width) : character;
    column += width;
  }
  return out;
}

function trimTrailingEmpty(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1] === '') end--;
  return lines.slice(0, end);
}
