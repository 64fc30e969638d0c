import { sameBytes } from '../byte-words';
import type { PrintableScan } from '../printable-scan';
import type { Screen } from '../screen/screen';
import { type FrameEffects, LOG_DRAW, LOG_LINE_FEED, LOG_RESTORE_START } from './frame-effects';
import type { FrameSimulation } from './frame-simulation';

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
      toX = screen.clampColumn(x);
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

/**
 * Whether the frame at `at`, right after `template` (from the cursor it left), is `template` again: a frame
 * run from a known start that ended where it began, here with the same bytes but for other printable ASCII
 * in the same places (a multi-line display whose figures change). The simulation would then run it as it
 * ran the template, step for step: every operation's bytes, every character beyond ASCII and every text
 * run's cells are the same, and so are the rows it reads (a skipped frame writes none). Where it looks for
 * its first operation again inside the frame, it compares operations only (sequences are prefix-free, and a
 * bare CR's next byte is text or the same byte), so it finds it nowhere, as in the template. It then does
 * what the template does (see {@link FrameEffects.adopt}). `words`: a view of `bytes`, which hold the
 * template too; the frame before this one is the template, so its text bytes (`written`) bound the rows.
 */
export function matchKnownFrame(
  simulation: FrameSimulation,
  words: DataView,
  bytes: Uint8Array,
  at: number,
  template: FrameEffects,
  maxLineBytes: number,
): boolean {
  if (template.x !== template.startX || template.y !== template.startY) return false;
  if (template.rewound !== template.startRewound || template.startY < 0) return false;
  if (template.reach + template.written > maxLineBytes) return false;
  const start = template.firstStart;
  const firstEnd = at + template.firstEnd - start;
  const length = template.end - start;
  // It ends where the template did: the next frame begins there with the same operation.
  if (!simulation.sameOperation(bytes, at, firstEnd, at + length)) return false;
  const runs = template.textRuns.values;
  const runCount = template.textRuns.length;
  const printable = simulation.printable;
  let offset = 0;
  for (let index = 0; index <= runCount; index += 2) {
    const runStart = index < runCount ? (runs[index] as number) : length;
    if (!sameBytes(words, at + offset, words, start + offset, runStart - offset)) return false;
    if (index === runCount) break;
    const runEnd = runs[index + 1] as number;
    if (printable.end(bytes, at + runStart, at + runEnd) !== at + runEnd) return false;
    offset = runEnd;
  }
  return true;
}
