import { asXtermAtTheMargin } from '@pipeguard/test-utils';
import xterm from '@xterm/headless';
import { rendererRows, withoutTrailingEmptyRows } from './screen-text';

// The package is CommonJS with no named ESM exports.
const { Terminal } = xterm;

/** Columns of the oracle terminal for a renderer without `cols`: wider than any line a test draws. */
export const ORACLE_COLUMNS = 1000;

/** CAN: ends any sequence in progress, and is drawn as nothing. */
const CANCEL = Uint8Array.of(0x18);

type HeadlessTerminal = InstanceType<typeof Terminal>;

/**
 * Scrollbacks the oracle tries in turn. A terminal's reset costs in proportion to its scrollback (2.7 ms
 * at 100 000 rows, 0.04 ms at 1 024), and a property resets one for each of its runs; a drawing that fills
 * the smaller one is drawn again on the larger, so no line is ever lost to the oracle's own limit.
 */
const SCROLLBACKS = [1024, 100_000] as const;

// One terminal per size and scrollback, reset before each use: building one costs more than most drawings.
const terminals = new Map<string, HeadlessTerminal>();
const MAX_TERMINALS = 64;

const keyOf = (rows: number, cols: number, scrollback: number): string => `${rows}x${cols}/${scrollback}`;

function terminalOf(rows: number, cols: number, scrollback: number): HeadlessTerminal {
  const key = keyOf(rows, cols, scrollback);
  let terminal = terminals.get(key);
  if (terminal === undefined) {
    // A terminal keeps the rows its scrollback once grew to, so a property's thousands of sizes would hold
    // gigabytes (100 000 runs ran out of heap): a bounded number of terminals is kept.
    if (terminals.size >= MAX_TERMINALS) {
      for (const kept of terminals.values()) kept.dispose();
      terminals.clear();
    }
    terminal = new Terminal({ cols, rows, scrollback, allowProposedApi: true, logLevel: 'off' });
    asXtermAtTheMargin(terminal);
    terminals.set(key, terminal);
  }
  return terminal;
}

/** The private synchronous write of xterm's core (its tests use it); absent in another version. */
interface SyncWritable {
  _core?: { writeSync?: (data: Uint8Array) => void };
}

/**
 * Draws `data` on `terminal`. The public `write` parses on a timer (at least 1 ms in Node per call, the most
 * of an oracle comparison at 100 000 runs); the core's `writeSync` parses the same bytes at once. An
 * oracle test (oracle-write.test.ts) checks that the two give the same screens.
 */
export async function drawOn(terminal: HeadlessTerminal, data: Uint8Array, sync = true): Promise<void> {
  const writeSync = (terminal as unknown as SyncWritable)._core?.writeSync;
  if (sync && writeSync !== undefined) {
    writeSync.call((terminal as unknown as Required<SyncWritable>)._core, data);
    return;
  }
  await new Promise<void>((resolve) => terminal.write(data, resolve));
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
 * row, trailing spaces and trailing empty rows trimmed. `sync: false` draws with xterm's public, timed `write`.
 */
export async function xtermRows(
  bytes: Uint8Array,
  rows: number,
  cols: number | null = null,
  sync = true,
): Promise<string[]> {
  // LF as CRLF; latin1 keeps every byte as it is.
  const input = Buffer.from(Buffer.from(bytes).toString('latin1').replaceAll('\n', '\r\n'), 'latin1');
  for (const scrollback of SCROLLBACKS) {
    const terminal = terminalOf(rows, cols ?? ORACLE_COLUMNS, scrollback);
    // A reset leaves xterm's parser inside a sequence the last drawing left unfinished: CAN ends it first.
    await drawOn(terminal, CANCEL, sync);
    terminal.reset();
    // LNM sets this, and a reset does not clear it.
    terminal.options.convertEol = false;
    try {
      await drawOn(terminal, input, sync);
    } catch (error) {
      // A terminal whose write threw (xterm 6.0.0: ED 1 at the last cell of a one-row screen) ignores every
      // later write, reset or not: dropped, so that the next drawing of this size gets a fresh one.
      terminal.dispose();
      terminals.delete(keyOf(rows, cols ?? ORACLE_COLUMNS, scrollback));
      throw error;
    }
    // A full buffer may have dropped its oldest rows: draw again with the larger scrollback.
    if (terminal.buffer.normal.length < rows + scrollback) return screenRows(terminal);
  }
  throw new RangeError(
    `The oracle's scrollback of ${String(SCROLLBACKS.at(-1))} rows is too small for this drawing`,
  );
}

/** The main screen's scrollback and screen, then, if the terminal is on the alternate screen, that screen. */
function screenRows(terminal: HeadlessTerminal): string[] {
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
