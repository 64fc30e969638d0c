import type { Screen } from '../screen/screen';

const CUU = 0x41;
const CUD = 0x42;
const CUF = 0x43;
const CUB = 0x44;
const CHA = 0x47;
const HPA = 0x60;
const VPA = 0x64;

/** Where a relative or one-axis cursor move takes the cursor: written by {@link moveTarget}. */
export interface MoveTarget {
  x: number;
  y: number;
}

/**
 * Where the CSI sequence with final byte `final` and first parameter `count` (0 read as 1) moves a cursor
 * at column `fromX` (on the screen, off the pending-wrap column) and line `y`, as the screen would move it:
 * CUU and CUD stop at the scroll region's margins when they start inside it; the rest stop at the screen's
 * edges. Writes it to `target`; false when `final` is not such a move.
 */
export function moveTarget(
  screen: Screen,
  final: number,
  count: number,
  fromX: number,
  y: number,
  target: MoveTarget,
): boolean {
  const buffer = screen.buffer;
  if (final === CUU) {
    const room = y - buffer.top;
    target.y = Math.max(0, y - (room >= 0 ? Math.min(room, count) : count));
    target.x = fromX;
  } else if (final === CUD) {
    const room = buffer.bottom - y;
    target.y = Math.min(screen.height - 1, y + (room >= 0 ? Math.min(room, count) : count));
    target.x = fromX;
  } else if (final === CUF || final === CUB) {
    target.x = Math.max(0, Math.min(screen.maxColumn, fromX + (final === CUF ? count : -count)));
    target.y = y;
  } else if (final === CHA || final === HPA) {
    target.x = Math.min(screen.maxColumn, count - 1);
    target.y = y;
  } else if (final === VPA) {
    target.x = fromX;
    target.y = Math.min(screen.height - 1, count - 1);
  } else {
    return false;
  }
  return true;
}
