import { chunksOf, MiB } from './inputs';

/** The terminal the redraw inputs are drawn for, and that both contenders are given. */
export const REDRAW_COLS = 120;
export const REDRAW_ROWS = 40;

/**
 * The redraw shapes programs draw progress with (under a pty: line ends are CRLF): the first four since
 * the bench began, then the ones today's tools draw (issue 41) and a mix of them all with log lines.
 */
export type RedrawKind =
  | 'plain-bar'
  | 'coloured-bar'
  | 'cursor-up'
  | 'scroll-region'
  | 'block-bar'
  | 'colour-per-frame-bar'
  | 'erase-ended-bar'
  | 'bold-dim-bar'
  | 'mixed';

const bar = (filled: number, width: number, full = '=', empty = ' ') =>
  `${full.repeat(filled)}${filled < width ? '>' : ''}${empty.repeat(Math.max(0, width - filled - 1))}`;

/** Frame `index` of a bar as wget, curl or pip draw it without colour: CR, then the whole line again, as wide as the last. */
function plainBarFrame(index: number): string {
  const percent = index % 101;
  const line = `file-${Math.floor(index / 101)}.tar.gz ${String(percent).padStart(3)}%[${bar(Math.floor(percent / 2.5), 40)}] ${((index % 997) / 10).toFixed(1).padStart(5)}M  ${(index % 89) + 1}.2MB/s    eta ${index % 60}s`;
  return `\r${line.padEnd(100)}${percent === 100 ? '\r\n' : ''}`;
}

/** Frame `index` of a coloured bar: CR, colours, the bar, an erase to the end of the line. */
function colouredBarFrame(index: number): string {
  const percent = index % 101;
  const frame = `\r\x1b[32m${String(percent).padStart(3)}%\x1b[0m [${bar(Math.floor(percent / 2.5), 40)}] \x1b[1m${(index % 997) / 10} MB/s\x1b[0m eta 0:00:${String(index % 60).padStart(2, '0')}\x1b[K`;
  return percent === 100 ? `${frame}\r\n\x1b[32mDone\x1b[0m\r\n` : frame;
}

/** Line `line` of frame `index` of a multi-line redraw, and how many cells it shows. */
const job = (index: number, line: number): [text: string, cells: number] => {
  const done = (index * (line + 1)) % 41;
  const count = `${done}/40`;
  return [
    `\x1b[36mpackage-${line}\x1b[39m [${'#'.repeat(done)}${'.'.repeat(40 - done)}] ${count}`,
    53 + count.length,
  ];
};

/**
 * Frame `index` of a four-line redraw, in turn as docker/buildkit (up a line at a time, column 1, lines
 * padded to the width), log-update (listr, ora: erase and up per line) and pnpm (erase below, up, redraw)
 * draw it, a hundred frames of each.
 */
function cursorUpFrame(index: number): string {
  const jobs = [0, 1, 2, 3].map((line) => job(index, line));
  const lines = jobs.map(([text]) => text);
  const style = Math.floor(index / 100) % 3;
  const first = index % 100 === 0;
  if (style === 0) {
    const up = first ? '' : `${'\x1b[1A'.repeat(4)}\x1b[1G`;
    // Each line padded with spaces to the full width, as buildkit aligns them (colour codes take no cells).
    const padded = jobs.map(([text, cells]) => `${text}${' '.repeat(REDRAW_COLS - cells)}\r\n`);
    return `${up}\x1b[?25l${padded.join('')}\x1b[?25h`;
  }
  if (style === 1) {
    const erase = first ? '' : `${'\x1b[2K\x1b[1A'.repeat(4)}\x1b[2K\x1b[G`;
    return `${erase}${lines.map((line) => `${line}\r\n`).join('')}`;
  }
  const erase = first ? '' : '\x1b[K\x1b[0J\r\x1b[4A';
  return `${erase}${lines.map((line) => `${line}\x1b[0K\r\n`).join('')}`;
}

/** apt-get's progress: its output scrolls in a region above the last row, where a status bar is drawn after each line. */
function scrollRegionFrame(index: number): string {
  const setup = index % 1000 === 0 ? `\r\n\x1b7\x1b[0;${REDRAW_ROWS - 1}r\x1b8\x1b[1A` : '';
  const percent = Math.floor((index % 1000) / 10);
  const width = REDRAW_COLS - 20;
  const status = `\x1b7\x1b[${REDRAW_ROWS};0f\x1b[42m\x1b[30mProgress: [${String(percent).padStart(3)}%]\x1b[49m\x1b[39m [${'#'.repeat(Math.floor((percent * width) / 100)).padEnd(width, '.')}] \x1b8`;
  const verb = ['Preparing to unpack', 'Unpacking', 'Setting up'][index % 3];
  const line = `${verb} package-${Math.floor(index / 3)} (1.${index % 7}-${index % 3}) ...\r\n`;
  const teardown = index % 1000 === 999 ? `\x1b7\x1b[0;${REDRAW_ROWS}r\x1b8\x1b[1A\x1b[J` : '';
  return `${setup}${line}${status}${teardown}`;
}

const EIGHTHS = ' ▏▎▍▌▋▊▉';

/** Frame `index` of a bar that grows by block characters in eighths, as tqdm draws it: CR, the line, CRLF at 100 %. */
function blockBarFrame(index: number): string {
  const step = index % 201;
  const eighths = Math.floor((step * 40 * 8) / 200);
  const partial = eighths % 8 === 0 ? '' : EIGHTHS[eighths % 8];
  const blocks = `${'█'.repeat(Math.floor(eighths / 8))}${partial}`;
  const cells = Math.floor(eighths / 8) + (partial === '' ? 0 : 1);
  const line = `files: ${String(Math.floor(step / 2)).padStart(3)}%|${blocks}${' '.repeat(40 - cells)}| ${step}/200 [00:${String(index % 60).padStart(2, '0')}<00:${String(59 - (index % 60)).padStart(2, '0')}, ${(index % 300) + 10}.${index % 10}it/s]`;
  return `\r${line}${step === 200 ? '\r\n' : ''}`;
}

/** Frame `index` of a bar whose colours change every frame (256-colour and truecolour), drawn with `━` as rich and pip do. */
function colourPerFrameBarFrame(index: number): string {
  const step = index % 101;
  const done = Math.floor((step * 40) / 100);
  const hue = index % 256;
  const frame = `\r\x1b[2KDownloading \x1b[38;2;${hue};${255 - hue};${(hue * 7) % 256}m${'━'.repeat(done)}\x1b[0m\x1b[38;5;${232 + (index % 24)}m${'━'.repeat(40 - done)}\x1b[0m \x1b[38;5;${index % 256}m${String(step).padStart(3)}%\x1b[0m \x1b[36m0:00:${String(index % 60).padStart(2, '0')}\x1b[0m`;
  return step === 100 ? `${frame}\r\n` : frame;
}

/** Frame `index` of a bar of varying length that ends each frame with an erase to the end of the line (git, wget). */
function eraseEndedBarFrame(index: number): string {
  const step = index % 101;
  const frame = `\rReceiving objects: ${String(step).padStart(3)}% (${step * 37}/3737), ${(index % 997) / 10} MiB | ${(index % 89) + 1}.${index % 10} MiB/s\x1b[K`;
  return step === 100 ? `${frame}, done.\x1b[K\r\n` : frame;
}

/** Frame `index` of a status line with bold and dim toggled inside it, as cargo and pnpm draw theirs. */
function boldDimBarFrame(index: number): string {
  const step = index % 101;
  const frame = `\r\x1b[1m\x1b[36m    Building\x1b[0m [${'='.repeat(Math.floor(step / 4)).padEnd(25, ' ')}] \x1b[2m${step}/100\x1b[22m: \x1b[1mcrate-${index % 37}\x1b[22m, \x1b[2mcrate-${index % 41}(build)\x1b[0m\x1b[K`;
  return step === 100
    ? `${frame}\r\x1b[1m\x1b[32m    Finished\x1b[0m release in ${index % 60}s\x1b[K\r\n`
    : frame;
}

/** Plain log lines, as a build prints between its progress displays. */
const logLines = (index: number, count: number) =>
  Array.from(
    { length: count },
    (_, line) =>
      `[${String(index).padStart(6, '0')}.${line}] INFO compiled module-${(index + line) % 97} in ${line + 3} ms\r\n`,
  ).join('');

/** Frames of each shape in the mix: eight shapes of 375 make the 3000 frames of a block (see redrawChunks). */
const MIXED_SEGMENT = 375;

const MIXED_SHAPES: readonly ((index: number) => string)[] = [
  plainBarFrame,
  colouredBarFrame,
  blockBarFrame,
  colourPerFrameBarFrame,
  eraseEndedBarFrame,
  boldDimBarFrame,
];

/**
 * Frame `index` of a mix: each shape above in turn for {@link MIXED_SEGMENT} frames (a CR bar, a multi-line display or an
 * apt-get status line in its region), with a few plain log lines between two shapes.
 */
function mixedFrame(index: number): string {
  const segment = Math.floor(index / MIXED_SEGMENT) % (MIXED_SHAPES.length + 2);
  const local = index % MIXED_SEGMENT;
  const between = local === 0 ? `\r\n${logLines(index, 5)}` : '';
  if (segment < MIXED_SHAPES.length)
    return `${between}${(MIXED_SHAPES[segment] as (i: number) => string)(index)}`;
  if (segment === MIXED_SHAPES.length) {
    // The cursor-up display from its first frame (no move up before it).
    return `${between}${cursorUpFrame(local)}`;
  }
  // apt-get's region: set up at its first frame, torn down at its last.
  const aptIndex = local === MIXED_SEGMENT - 1 ? 999 : local;
  return `${between}${scrollRegionFrame(aptIndex)}`;
}

const FRAMES: Record<RedrawKind, (index: number) => string> = {
  'plain-bar': plainBarFrame,
  'coloured-bar': colouredBarFrame,
  'cursor-up': cursorUpFrame,
  'scroll-region': scrollRegionFrame,
  'block-bar': blockBarFrame,
  'colour-per-frame-bar': colourPerFrameBarFrame,
  'erase-ended-bar': eraseEndedBarFrame,
  'bold-dim-bar': boldDimBarFrame,
  mixed: mixedFrame,
};

/** At least `bytes` of a redraw shape, cut into 64 KiB chunks: made once, outside the timed code. */
export function redrawChunks(bytes: number, kind: RedrawKind): Buffer[] {
  const frames: string[] = [];
  let length = 0;
  // Whole cycles of each shape, so that every MiB block ends where a program's output would.
  for (let index = 0; length < MiB || index % 3000 !== 0; index++) {
    const frame = FRAMES[kind](index);
    frames.push(frame);
    length += frame.length;
  }
  return repeatedTo(Buffer.from(frames.join('')), bytes);
}

/** `one` repeated until it is at least `bytes` long, cut into 64 KiB chunks: a recording made into a long input. */
export function repeatedTo(one: Buffer, bytes: number): Buffer[] {
  return chunksOf(Buffer.concat(Array.from({ length: Math.ceil(bytes / one.length) }, () => one)));
}
