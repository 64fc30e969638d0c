import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import { TerminalRenderer, type TerminalRendererOptions } from '@pipeguard/terminal-renderer';
import { countingSink } from './counting-sink';
import { streamOf } from './inputs';

type XtermTerminal = typeof import('@xterm/headless').Terminal;
let xtermTerminal: XtermTerminal | undefined;

/**
 * @xterm/headless, loaded by the first xterm run: @xterm/headless is the renderer's dev dependency (its test
 * oracle), so it resolves from there. Loaded with the module, its 1.2 MB stayed alive in every group of the
 * question's process and put the plain-text groups' old generation past V8's 8 MB threshold for incremental
 * marking (see compile-question.ts).
 */
function loadXterm(): XtermTerminal {
  xtermTerminal ??= (
    createRequire(new URL('../../packages/terminal-renderer/package.json', import.meta.url))(
      '@xterm/headless',
    ) as typeof import('@xterm/headless')
  ).Terminal;
  return xtermTerminal;
}

/** A redraw input: its chunks (64 KiB, as a pipe delivers them) and their total. */
export interface Redraws {
  chunks: Buffer[];
  bytes: number;
}

/** What a rendering left that a terminal would not: checked as the output passes, none of it kept (see RSS). */
interface RenderedSummary {
  checked: boolean;
  bytes: number;
  escapes: boolean;
  bareCrs: boolean;
}

/** `chunks` `times` over, one after the other, as one stream. */
export function repeatedStream(chunks: readonly Buffer[], times: number) {
  return streamOf(Array.from({ length: times }, () => chunks).flat());
}

/** Renders the input (`times` over) through a renderer stage; the output is checked when `check`. */
export async function renderChunks(
  input: Redraws,
  options: TerminalRendererOptions,
  times = 1,
  check = true,
  Renderer: typeof TerminalRenderer = TerminalRenderer,
): Promise<RenderedSummary> {
  const renderer = new Renderer(options);
  const summary = { checked: check, bytes: 0, escapes: false, bareCrs: false };
  let crEnded = false;
  renderer.on('data', (chunk: Buffer) => {
    if (!check) return;
    summary.bytes += chunk.length;
    if (chunk.includes(0x1b)) summary.escapes = true;
    if (crEnded && chunk[0] !== 0x0a) summary.bareCrs = true;
    // Native searches: a decode and a regular expression would be most of the time on a scroll region's output.
    for (let cr = chunk.indexOf(0x0d); cr !== -1 && cr < chunk.length - 1; cr = chunk.indexOf(0x0d, cr + 1))
      if (chunk[cr + 1] !== 0x0a) summary.bareCrs = true;
    crEnded = chunk[chunk.length - 1] === 0x0d;
  });
  await pipeline(
    repeatedStream(input.chunks, times),
    renderer as unknown as NodeJS.ReadWriteStream,
    countingSink('node:stream'),
  );
  if (crEnded) summary.bareCrs = true;
  return summary;
}

/** A contender's verify of {@link renderChunks}'s summary. */
export const verifyRendered = (output: unknown) => {
  const { checked, escapes, bareCrs } = output as RenderedSummary;
  if (!checked) return 'not checked';
  return !escapes && !bareCrs ? 'ok' : 'escape sequences or bare CRs left';
};

/**
 * True the first time a contender sees an input (the warm-up, whose output verify checks), then false: the
 * timed runs do not pay for the check, as xterm pays for none.
 */
export function firstRunOf(): (input: Redraws) => boolean {
  const seen = new WeakSet<Redraws>();
  return (input) => {
    if (seen.has(input)) return false;
    seen.add(input);
    return true;
  };
}

/** xterm as Gemini CLI uses it: a headless terminal of the renderer's size, fed chunk by chunk. */
export async function xtermChunks(input: Redraws, cols: number, rows: number): Promise<number> {
  const Terminal = loadXterm();
  const terminal = new Terminal({ cols, rows, scrollback: 1000, convertEol: true, allowProposedApi: true });
  for (const chunk of input.chunks) await new Promise<void>((resolve) => terminal.write(chunk, resolve));
  const length = terminal.buffer.active.length;
  terminal.dispose();
  return length;
}

/**
 * Another build of the renderer to set beside this one in the same run (an A/B against main's build, say):
 * PIPEGUARD_RENDERER_BASELINE=/path/to/its/dist/index.js; undefined when not given.
 */
export const baselinePath = process.env['PIPEGUARD_RENDERER_BASELINE'];
export const BaselineRenderer: typeof TerminalRenderer | undefined =
  baselinePath === undefined ? undefined : (await import(baselinePath)).TerminalRenderer;

/** The baseline build's contender on a redraw input at `cols` × `rows` (none without a baseline build). */
export function baselineRedraws(
  cols: number,
  rows: number,
  first: (input: Redraws) => boolean = firstRunOf(),
) {
  const Baseline = BaselineRenderer;
  return Baseline === undefined
    ? []
    : [
        {
          name: `TerminalRenderer (baseline build ${baselinePath})`,
          run: (input: Redraws) =>
            renderChunks(input, { cols, maxLiveLines: rows }, 1, first(input), Baseline),
          verify: verifyRendered,
        },
      ];
}
