/**
 * The renderer against xterm.js's own conformance corpus (`test/fixtures/escape_sequence_files` of the
 * xterm.js repository: `.in` files with `.text` expectations for an 80×25 screen), compared as xterm's
 * own test compares (src/browser/Terminal2.test.ts): each file fed after `ESC c ESC [H` with LF as CRLF
 * (the pty's line discipline), the 25 visible rows with trailing spaces stripped against the expectation.
 * `@xterm/headless` runs beside it on the same bytes for reference.
 *
 * The corpus is not part of this repository: give its folder as the argument or as PIPEGUARD_XTERM_CORPUS.
 *   pnpm exec tsx packages/terminal-renderer/scripts/xterm-conformance.ts /path/to/escape_sequence_files
 * Exits 1 when fewer than MINIMUM_PASSES files pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import xterm from '@xterm/headless';
import { TerminalRenderer } from '../src/index';
import { rendererRows } from '../test/screen-text';

const COLS = 80;
const ROWS = 25;
const MINIMUM_PASSES = 73;
const { Terminal } = xterm;

// The renderer drops blank rows below the cursor at its end; a cursor move to the bottom row (and out of
// origin mode, so that it reaches it) keeps all 25 rows of its screen in the output, changing no cell.
const TO_BOTTOM_ROW = `\x1b[?6l\x1b[${ROWS};1H`;

/** The file's bytes as a pty's line discipline hands them on (LF as CRLF), after a reset and a home. */
function terminalInput(file: string): Buffer {
  const text = readFileSync(file, 'utf8').replaceAll('\n', '\r\n');
  return Buffer.from(`\x1bc\x1b[H${text}`);
}

/** The expectation as xterm's test reads it: each line's trailing whitespace stripped. */
function expectedScreen(file: string): string {
  return readFileSync(file.replace(/\.in$/, '.text'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n');
}

async function rendererScreen(input: Buffer): Promise<string> {
  const renderer = new TerminalRenderer({ cols: COLS, maxLiveLines: ROWS });
  const output: Buffer[] = [];
  renderer.on('data', (piece: Buffer) => output.push(piece));
  const ended = new Promise((resolve, reject) => renderer.on('end', resolve).on('error', reject));
  renderer.end(Buffer.concat([input, Buffer.from(TO_BOTTOM_ROW)]));
  await ended;
  const rows = rendererRows(Buffer.concat(output), COLS);
  const visible = rows.slice(Math.max(0, rows.length - ROWS));
  while (visible.length < ROWS) visible.push('');
  return `${visible.map((row) => row.replace(/\s+$/, '')).join('\n')}\n`;
}

async function xtermScreen(input: Buffer): Promise<string> {
  const terminal = new Terminal({ cols: COLS, rows: ROWS, scrollback: 1000, allowProposedApi: true });
  await new Promise<void>((resolve) => terminal.write(input, resolve));
  const buffer = terminal.buffer.active;
  let screen = '';
  for (let row = buffer.baseY; row < buffer.baseY + ROWS; row++)
    screen += `${(buffer.getLine(row)?.translateToString(true) ?? '').replace(/\s+$/, '')}\n`;
  terminal.dispose();
  return screen;
}

async function main(): Promise<void> {
  const corpus = process.argv[2] ?? process.env['PIPEGUARD_XTERM_CORPUS'];
  if (corpus === undefined) {
    console.error('usage: xterm-conformance.ts CORPUS_DIR (or PIPEGUARD_XTERM_CORPUS=CORPUS_DIR)');
    process.exit(2);
  }
  const files = readdirSync(corpus)
    .filter((name) => name.endsWith('.in'))
    .sort();
  const failures: string[] = [];
  let xtermPasses = 0;
  for (const name of files) {
    const file = join(corpus, name);
    const input = terminalInput(file);
    const expected = expectedScreen(file);
    if ((await xtermScreen(input)) === expected) xtermPasses++;
    const actual = await rendererScreen(input);
    if (actual !== expected) failures.push(name);
    if (actual !== expected && process.env['PIPEGUARD_XTERM_CORPUS_DIFF'] !== undefined) {
      const got = actual.split('\n');
      const want = expected.split('\n');
      for (let row = 0; row < Math.max(got.length, want.length); row++)
        if (got[row] !== want[row])
          console.log(
            `${name} row ${row + 1}\n  got  ${JSON.stringify(got[row])}\n  want ${JSON.stringify(want[row])}`,
          );
    }
  }
  const passes = files.length - failures.length;
  console.log(`TerminalRenderer: ${passes} of ${files.length} pass (@xterm/headless: ${xtermPasses})`);
  for (const name of failures) console.log(`  fails: ${name}`);
  if (passes < MINIMUM_PASSES) {
    console.error(`fewer than ${MINIMUM_PASSES} pass`);
    process.exit(1);
  }
}

await main();
