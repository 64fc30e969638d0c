import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { render } from './render';
import { renderCore } from './render-core';

// The rendering bench's inputs (bench/recordings/record.sh): real programs recorded at 80 and 120 columns.
const directory = new URL('../../../bench/recordings/', import.meta.url);
const sizes = JSON.parse(readFileSync(new URL('recordings.json', directory), 'utf8')) as Record<
  string,
  { cols: number; rows: number }
>;
const names = Object.keys(sizes);

describe('TerminalRenderer on the bench recordings', () => {
  it('should have each program the issue names at 80 and at 120 columns', () => {
    for (const program of ['tqdm', 'rich', 'apt-get-update', 'apt-get-reinstall', 'git-clone', 'curl'])
      for (const cols of [80, 120]) expect(names).toContain(`${program}-${cols}`);
  });

  it.each(names)(
    'should render %s as @xterm/headless shows it, whole and one byte per write',
    async (name) => {
      const { cols, rows } = sizes[name] as { cols: number; rows: number };
      const bytes = readFileSync(new URL(`${name}.tty`, directory));
      const expected = await xtermRows(bytes, rows, cols);
      const whole = await render(bytes, { cols, maxLiveLines: rows });
      expect(outputRows(whole.output, cols)).toEqual(expected);
      // The core without a stream: a stream write per byte would cost seconds for nothing more.
      const everyByte = Array.from({ length: bytes.length - 1 }, (_, index) => index + 1);
      const byByte = renderCore(bytes, { cols, maxLiveLines: rows }, everyByte);
      expect(byByte.output).toEqual(whole.output);
    },
  );
});
