import { sameBytes } from '../byte-words';
import type { PrintableScan } from '../printable-scan';
import type { Screen } from '../screen/screen';
import { type FrameEffects, LOG_DRAW, LOG_LINE_FEED, LOG_RESTORE_START } from './frame-effects';

/**
 * Counts again the redraws of a frame run from an unknown start (a frame after lines of text, which saves
 * the cursor first and restores it last), now from cursor `x`, `y`, from its log; false when it does not
 * end where it began (then it must be run again).
 */
export function replayFrame(
  screen: Screen,
  effects: FrameEffects,
  x: number,
  y: number,
  rewound: boolean,
): boolean {
  const log = effects.log.values;
  let atX = x;
  let atY = y;
  let redraws = 0;
  for (let index = 0; index < effects.log.length; index += 3) {
    const kind = log[index];
    let toX = log[index + 1] as number;
    let toY = log[index + 2] as number;
    if (kind === LOG_DRAW) {
      if (rewound) redraws++;
      rewound = false;
      continue;
    }
    if (kind === LOG_RESTORE_START) {
      toX = Math.min(screen.maxColumn, x);
      toY = y;
    } else if (kind === LOG_LINE_FEED) {
      rewound = false;
      atX = toX;
      atY = toY;
      continue;
    }
    if (toY < atY || (toY === atY && toX < atX)) rewound = true;
    atX = toX;
    atY = toY;
  }
  if (atX !== x || atY !== y) return false;
  effects.x = x;
  effects.y = y;
  effects.rewound = rewound;
  effects.redraws = redraws;
  effects.savedX = x;
  effects.savedY = y;
  return true;
}

/**
 * Whether the frame at `at` is `template`'s pattern again: the same bytes but for other printable ASCII in
 * the same places (a status line whose figures change). It then does what the template does (see
 * {@link FrameEffects.adopt}). `before`: text bytes the frame before it would have left (see the simulation);
 * `words`: a view of `bytes`.
 */
export function matchFrame(
  screen: Screen,
  printable: PrintableScan,
  words: DataView,
  bytes: Uint8Array,
  at: number,
  template: FrameEffects,
  before: number,
): boolean {
  const length = template.patternLength;
  if (!template.patterned || at + length > bytes.length) return false;
  const pattern = template.patternWords;
  const runs = template.textRuns.values;
  let offset = 0;
  for (let index = 0; index <= template.textRuns.length; index += 2) {
    const runStart = index < template.textRuns.length ? (runs[index] as number) : length;
    if (!sameBytes(words, at + offset, pattern, offset, runStart - offset)) return false;
    if (index === template.textRuns.length) break;
    const runEnd = runs[index + 1] as number;
    if (printable.end(bytes, at + runStart, at + runEnd) !== at + runEnd) return false;
    offset = runEnd;
  }
  // The rows it writes still hold no wide character or tab, and stay within maxLineBytes.
  const cells = template.cells.values;
  for (let index = 0; index < template.cells.length; index += 3) {
    const row = screen.buffer.rows[cells[index] as number];
    if (row === undefined) continue;
    const end = cells[index + 2] as number;
    const reach = end === Number.POSITIVE_INFINITY ? (cells[index + 1] as number) : end;
    if (row.spansCells() || row.length + reach + template.written + before > screen.maxLineBytes)
      return false;
  }
  return true;
}
