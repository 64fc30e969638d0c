import { findUtf8BoundaryBefore } from '@pipeguard/shared/core';
import type { Row } from './row';
import type { ScreenState } from './screen-state';

/**
 * Keeps the cursor's row within `maxLineBytes`: while it is longer, its first `maxLineBytes` (back to a UTF-8
 * character boundary) are final, and so are the rows above it (the screen scrolls up to it), as with a line
 * too long to hold; the cursor keeps its place in what remains. Inside a scroll region or on the alternate
 * screen, where lines above the cursor are not output history, the head is dropped instead.
 */
export function limitCursorRow(screen: ScreenState): void {
  const buffer = screen.buffer;
  const row = buffer.rows[buffer.y];
  const maxLineBytes = screen.maxLineBytes;
  if (row === undefined || row.length <= maxLineBytes) return;
  while (row.length > maxLineBytes) {
    // maxLineBytes ≥ 4, so the boundary is past the row's first byte.
    const cut = findUtf8BoundaryBefore(row.bytes, maxLineBytes);
    const cutColumns = row.columnAtByte(cut);
    if (buffer === screen.main && buffer.fullRegion) {
      const rows = buffer.rows;
      for (let line = 0; line < buffer.y; line++)
        screen.output.row(rows[line] as Row, (rows[line + 1] as Row).wrapped);
      rows.splice(0, buffer.y);
      buffer.scrolled += buffer.y;
      buffer.y = 0;
      screen.output.startRow(row);
      screen.output.text(row.bytes, 0, cut, row.sourceStart, row.exact, false);
    }
    row.dropHead(cut);
    row.wrapped = false;
    buffer.x = Math.max(0, buffer.x - cutColumns);
  }
}
