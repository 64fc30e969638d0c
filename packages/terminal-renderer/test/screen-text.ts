import { cellWidthOf } from '../src/screen/cell-width';

/**
 * The rows a terminal `cols` wide (`null`: wide enough for any line) shows for the renderer's output:
 * each output line laid out from column 0, a TAB to the next multiple of 8 (the renderer keeps a TAB
 * byte only where that is what the terminal showed), NUL dropped (xterm draws nothing for it), wide
 * characters that do not fit wrapping whole. The renderer joins the rows of a wrapped line into one
 * output line, so laying it out again at the same width gives the terminal's rows back. Trailing spaces
 * of each row are trimmed.
 */
export function rendererRows(output: Uint8Array, cols: number | null): string[] {
  const text = Buffer.from(output).toString('utf8').replaceAll('\r\n', '\n').replaceAll('\0', '');
  const rows: string[] = [];
  for (const line of text.split('\n')) {
    let row = '';
    let column = 0;
    for (const character of line) {
      if (character === '\t') {
        const stop = column + 8 - (column % 8);
        row += ' '.repeat(stop - column);
        column = stop;
        continue;
      }
      const width = cellWidthOf(character.codePointAt(0) as number);
      if (cols !== null && column + width > cols) {
        rows.push(row.trimEnd());
        row = '';
        column = 0;
      }
      row += character;
      column += width;
    }
    rows.push(row.trimEnd());
  }
  return rows;
}

/** The rows without the empty ones at the end. */
export function withoutTrailingEmptyRows(rows: readonly string[]): string[] {
  let end = rows.length;
  while (end > 0 && rows[end - 1] === '') end--;
  return rows.slice(0, end);
}
