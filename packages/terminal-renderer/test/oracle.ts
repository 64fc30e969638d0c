import xterm from '@xterm/headless';
import { rendererRows, withoutTrailingEmptyRows } from './screen-text';

// The package is CommonJS with no named ESM exports.
const { Terminal } = xterm;

/** Columns of the oracle terminal for a renderer without `cols`: wider than any line a test draws. */
export const ORACLE_COLUMNS = 1000;

type HeadlessTerminal = InstanceType<typeof Terminal>;

// One terminal per size, reset before each use: building one costs more than most drawings.
const terminals = new Map<string, HeadlessTerminal>();
const MAX_TERMINALS = 8;

function terminalOf(rows: number, cols: number): HeadlessTerminal {
  const key = `${rows}x${cols}`;
  let terminal = terminals.get(key);
  if (terminal === undefined) {
    // A terminal keeps the rows its scrollback once grew to, so a property's thousands of sizes would hold
    // gigabytes (100 000 runs ran out of heap): a few sizes are kept.
    if (terminals.size >= MAX_TERMINALS) {
      for (const kept of terminals.values()) kept.dispose();
      terminals.clear();
    }
    terminal = new Terminal({ cols, rows, scrollback: 100_000, allowProposedApi: true });
    terminals.set(key, terminal);
  }
  return terminal;
}

/** The rows `[from, to)` of a buffer, trailing spaces trimmed, and trailing empty rows when `trim`. */
function bufferRows(
  buffer: HeadlessTerminal['buffer']['normal'],
  from = 0,
  to = buffer.length,
  trim = true,
): string[] {
  const rows: string[] = [];
  for (let index = from; index < to; index++)
    rows.push((buffer.getLine(index)?.translateToString(true) ?? '').trimEnd());
  return trim ? withoutTrailingEmptyRows(rows) : rows;
}

/**
 * What `@xterm/headless` shows after drawing `bytes` on a terminal `rows` tall and `cols` wide (`null`: wide
 * enough that no line wraps), its input passed as a pty's line discipline passes it (LF as CRLF): the main
 * screen's scrollback and screen, then, if it ends on the alternate screen, that screen; one string per
 * row, trailing spaces and trailing empty rows trimmed.
 */
export async function xtermRows(
  bytes: Uint8Array,
  rows: number,
  cols: number | null = null,
): Promise<string[]> {
  const terminal = terminalOf(rows, cols ?? ORACLE_COLUMNS);
  terminal.reset();
  // LNM sets this, and a reset does not clear it.
  terminal.options.convertEol = false;
  const input = Buffer.from(bytes).toString('latin1').replaceAll('\n', '\r\n');
  await new Promise<void>((resolve) => terminal.write(Buffer.from(input, 'latin1'), resolve));
  const normal = terminal.buffer.normal;
  if (terminal.buffer.active.type !== 'alternate') return bufferRows(normal);
  // Before the alternate screen's frame: the scrollback as it is, then the main screen down to its last text.
  const scrollback = bufferRows(normal, 0, normal.baseY, false);
  return withoutTrailingEmptyRows([
    ...scrollback,
    ...bufferRows(normal, normal.baseY),
    ...bufferRows(terminal.buffer.alternate),
  ]);
}

/** The renderer's output in the oracle's terms: its rows at the same width, trailing empty rows trimmed. */
export function outputRows(output: Uint8Array, cols: number | null = null): string[] {
  return withoutTrailingEmptyRows(rendererRows(output, cols));
}
