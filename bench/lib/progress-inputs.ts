import { chunksOf, MiB } from './inputs';

/** Frame `index` of a one-line progress bar as pip or curl draws it: CR, colours, the bar, an erase to the end of the line. */
function barFrame(index: number): string {
  const percent = index % 101;
  const filled = Math.floor(percent / 2.5);
  const bar = `${'='.repeat(filled)}>${' '.repeat(40 - filled)}`;
  return `\r\x1b[32m${String(percent).padStart(3)}%\x1b[0m [${bar}] \x1b[1m${(index % 997) / 10} MB/s\x1b[0m eta 0:00:${String(index % 60).padStart(2, '0')}\x1b[K`;
}

/** Frame `index` of a four-line redraw as pnpm or docker draws it: up four lines, then each line erased and drawn again. */
function stackFrame(index: number): string {
  const lines = [0, 1, 2, 3].map((line) => {
    const done = (index * (line + 1)) % 41;
    return `\x1b[2K\x1b[36mpackage-${line}\x1b[39m [${'#'.repeat(done)}${'.'.repeat(40 - done)}] ${done}/40\n`;
  });
  return `${index === 0 ? '' : '\x1b[4A'}${lines.join('')}`;
}

/**
 * At least `bytes` of progress redraws, each bar ending with a line of its own after 100 frames (as a
 * finished download does), cut into 64 KiB chunks: made once, outside the timed code.
 */
export function progressChunks(bytes: number, kind: 'bar' | 'stack'): Buffer[] {
  const block: string[] = [];
  let length = 0;
  for (let index = 0; length < MiB; index++) {
    const frame = kind === 'bar' ? barFrame(index) : stackFrame(index);
    const piece = kind === 'bar' && index % 100 === 99 ? `${frame}\n\x1b[32mDone\x1b[0m\n` : frame;
    block.push(piece);
    length += piece.length;
  }
  const one = Buffer.from(block.join(''));
  const whole = Buffer.concat(Array.from({ length: Math.ceil(bytes / one.length) }, () => one));
  return chunksOf(whole);
}
