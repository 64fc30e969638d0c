import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from '../../packages/terminal-renderer/test/oracle';
import { render } from '../../packages/terminal-renderer/test/render';
import { REDRAW_COLS, REDRAW_ROWS, type RedrawKind, redrawChunks } from '../lib/redraw-inputs';

const KINDS: RedrawKind[] = [
  'block-bar',
  'colour-per-frame-bar',
  'erase-ended-bar',
  'bold-dim-bar',
  'scroll-region',
  'cursor-up',
  'mixed',
];

// The bench's shapes are terminal output a terminal draws as intended: the renderer and xterm agree on them.
describe('the redraw shapes of the rendering benches', () => {
  it.each(KINDS)(
    'should render a block of %s as @xterm/headless shows it, in 64 KiB chunks',
    async (kind) => {
      const chunks = redrawChunks(1, kind);
      const bytes = Buffer.concat(chunks);
      const cuts = chunks.slice(0, -1).map((_, index) => (index + 1) * chunks[0]!.length);
      const { output } = await render(bytes, { cols: REDRAW_COLS, maxLiveLines: REDRAW_ROWS }, cuts);
      expect(outputRows(output, REDRAW_COLS)).toEqual(await xtermRows(bytes, REDRAW_ROWS, REDRAW_COLS));
    },
  );
});
