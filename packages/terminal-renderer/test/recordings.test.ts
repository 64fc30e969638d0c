import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { render } from './render';

const directory = new URL('./recordings/', import.meta.url);
/** Each recording's terminal size, as recordings/record.sh recorded it. */
const sizes = JSON.parse(readFileSync(new URL('recordings.json', directory), 'utf8')) as Record<
  string,
  { cols: number; rows: number }
>;
const names = Object.keys(sizes);

describe('TerminalRenderer on programs recorded under a pseudo-terminal', () => {
  it('should have a recording of each program the issue names', () => {
    for (const name of [
      'apt-get-install',
      'tqdm-progress',
      'rich-progress',
      'git-clone-progress',
      'pnpm-install',
      'vitest-run',
      'ls-color',
      'gcc-diagnostics',
    ])
      expect(names).toContain(name);
  });

  it.each(names)(
    'should render %s as @xterm/headless shows it, at the size it was recorded at',
    async (name) => {
      const { cols, rows } = sizes[name] as { cols: number; rows: number };
      const bytes = readFileSync(new URL(`${name}.tty`, directory));
      const cuts = Array.from({ length: Math.floor(bytes.length / 97) }, (_, index) => (index + 1) * 97);
      const { output } = await render(bytes, { cols, maxLiveLines: rows }, cuts);
      expect(outputRows(output, cols)).toEqual(await xtermRows(bytes, rows, cols));
    },
  );
});
