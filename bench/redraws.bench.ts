import { readFileSync } from 'node:fs';
import { MiB, totalBytes } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';
import {
  baselineRedraws,
  firstRunOf,
  type Redraws,
  renderChunks,
  verifyRendered,
  xtermChunks,
} from './lib/redraw-contenders';
import { REDRAW_COLS, REDRAW_ROWS, type RedrawKind, redrawChunks, repeatedTo } from './lib/redraw-inputs';

/** Each input repeated to this: long enough that a run is not its start-up. */
const INPUT_BYTES = 16 * MiB;

const recordings = new URL('./recordings/', import.meta.url);
const sizes = JSON.parse(readFileSync(new URL('recordings.json', recordings), 'utf8')) as Record<
  string,
  { cols: number; rows: number }
>;

/**
 * A group: the renderer against @xterm/headless at the same size, fed the same 64 KiB chunks (and the
 * baseline build, when PIPEGUARD_RENDERER_BASELINE names one).
 */
function redrawGroup(name: string, cols: number, rows: number, build: (bytes: number) => Buffer[]) {
  const xterm = `@xterm/headless (${cols}x${rows})`;
  const renderer = `TerminalRenderer (cols ${cols}, maxLiveLines ${rows})`;
  const first = firstRunOf();
  return defineGroup<Redraws>({
    name,
    runs: 5,
    setup: ({ quick }) => {
      const chunks = build(quick ? MiB / 4 : INPUT_BYTES);
      return { chunks, bytes: totalBytes(chunks) };
    },
    bytes: (input) => input.bytes,
    baseline: xterm,
    contenders: [
      { name: xterm, run: (input) => xtermChunks(input, cols, rows) },
      {
        name: renderer,
        run: (input) => renderChunks(input, { cols, maxLiveLines: rows }, 1, first(input)),
        verify: verifyRendered,
      },
      // PIPEGUARD_RENDERER_BASELINE: another build beside this one, in the same run.
      ...baselineRedraws(cols, rows),
    ],
    targets: [{ contender: renderer, minRatio: 10 }],
  });
}

/** The shapes the redraws question draws, and what each is. */
export const SHAPES: [RedrawKind, string][] = [
  ['block-bar', 'a bar growing by block characters in eighths (tqdm)'],
  ['colour-per-frame-bar', 'a `━` bar whose 256-colour and truecolour SGR change every frame (rich, pip)'],
  ['erase-ended-bar', 'a CR bar of varying length, each frame ending in ESC[K (git, wget)'],
  ['bold-dim-bar', 'a status line with bold and dim toggled inside each frame (cargo)'],
  [
    'scroll-region',
    "apt-get's status line below a scroll region (DECSTBM, save/restore cursor), a line between",
  ],
  ['cursor-up', 'four-line cursor-up redraws (docker/buildkit, log-update, pnpm)'],
  ['mixed', 'all of these in turn, plain log lines between'],
];

export default defineQuestion({
  id: 'redraws',
  title:
    'Redraws: TerminalRenderer against @xterm/headless on recordings of real programs and on the shapes they draw, 16 MiB each',
  groups: [
    ...Object.entries(sizes).map(([name, { cols, rows }]) =>
      redrawGroup(`recording ${name} (bench/recordings), repeated to 16 MiB`, cols, rows, (bytes) =>
        repeatedTo(readFileSync(new URL(`${name}.tty`, recordings)), bytes),
      ),
    ),
    ...SHAPES.map(([kind, description]) =>
      redrawGroup(`${kind}: ${description}`, REDRAW_COLS, REDRAW_ROWS, (bytes) => redrawChunks(bytes, kind)),
    ),
  ],
});
