/** Characters a prompt keeps at most (its end): a prompt is a line a person reads at a glance. */
export const MAX_PROMPT_CHARS = 512;

const ESC = 0x1b;
const BEL = 0x07;

/** Where the escape sequence at `start` (an ESC) ends: the index after its last character. */
function sequenceEnd(text: string, start: number): number {
  const kind = text.charCodeAt(start + 1);
  if (kind === 0x5b /* [ */) {
    let at = start + 2;
    while (at < text.length && text.charCodeAt(at) >= 0x20 && text.charCodeAt(at) <= 0x3f) at++;
    return Math.min(text.length, at + 1);
  }
  // OSC, DCS, SOS, PM and APC run to a BEL (OSC only) or to ST (ESC \).
  if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
    for (let at = start + 2; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === BEL && kind === 0x5d) return at + 1;
      if (code === ESC && text.charCodeAt(at + 1) === 0x5c) return at + 2;
    }
    return text.length;
  }
  let at = start + 1;
  while (at < text.length && text.charCodeAt(at) >= 0x20 && text.charCodeAt(at) <= 0x2f) at++;
  return Math.min(text.length, at + 1);
}

/**
 * The text one line of terminal output shows, for a prompt: drawn on a row of its own, so a carriage
 * return, a backspace and the cursor moves and erasures of that row (CSI G, C, D, K, J) act as on a
 * terminal; colours and other sequences are dropped, as are other control characters (a tab is a space).
 * Leading and trailing blanks are trimmed, and only the last {@link MAX_PROMPT_CHARS} characters kept.
 */
export function lineText(line: Uint8Array): string {
  const text = new TextDecoder().decode(line);
  const row: string[] = [];
  let column = 0;
  const put = (char: string) => {
    while (row.length < column) row.push(' ');
    row[column++] = char;
  };
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at);
    if (code === ESC) {
      const end = sequenceEnd(text, at);
      if (text.charCodeAt(at + 1) === 0x5b) column = moveOnRow(text.slice(at + 2, end), column, row);
      at = end;
      continue;
    }
    if (code === 0x0d) column = 0;
    else if (code === 0x08) column = Math.max(0, column - 1);
    else if (code === 0x09) put(' ');
    else if (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0)) {
      // A character outside the BMP is two code units: one cell.
      const char = String.fromCodePoint(text.codePointAt(at) as number);
      put(char);
      at += char.length;
      continue;
    }
    at++;
  }
  return row.join('').trim().slice(-MAX_PROMPT_CHARS);
}

/** Applies the CSI sequence `body` (after `ESC [`) to the row; returns the new cursor column. */
function moveOnRow(body: string, column: number, row: string[]): number {
  const final = body.charAt(body.length - 1);
  const count = Math.max(1, Number.parseInt(body, 10) || 1);
  switch (final) {
    case 'G':
      return count - 1;
    case 'C':
      return column + count;
    case 'D':
      return Math.max(0, column - count);
    case 'K':
    case 'J':
      // 0 (the default) erases from the cursor to the end, 1 from the start to the cursor, 2 all of it.
      if (body.startsWith('2')) row.length = 0;
      else if (body.startsWith('1')) row.fill(' ', 0, Math.min(row.length, column + 1));
      else row.length = Math.min(row.length, column);
      return column;
    default:
      return column;
  }
}
