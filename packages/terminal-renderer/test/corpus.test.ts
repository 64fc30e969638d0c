import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { render } from './render';

const corpusDir = fileURLToPath(new URL('./corpus/', import.meta.url));
/** Captures recorded by corpus/record.sh under a pseudo-terminal 64 rows tall, as the renderer's default live region. */
const captures = readdirSync(corpusDir).filter((name) => name.endsWith('.tty'));
const ROWS = 64;

describe('TerminalRenderer on real captures', () => {
  it('should have at least twelve captures', () => {
    expect(captures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(captures)('should render %s as @xterm/headless shows it', async (name) => {
    const bytes = readFileSync(`${corpusDir}${name}`);
    const { output } = await render(
      bytes,
      undefined,
      [...Array(Math.floor(bytes.length / 97)).keys()].map((i) => (i + 1) * 97),
    );
    expect(outputRows(output)).toEqual(await xtermRows(bytes, ROWS));
  });
});
