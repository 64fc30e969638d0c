const LF = 0x0a;
const CR = 0x0d;

/** What {@link skipLines} found in a chunk. */
export interface SkippedLines {
  /** Line terminators found (a CRLF is one). */
  lines: number;
  /** Index just past the last terminator found, or `from` when none was. */
  end: number;
  /** Whether the chunk ends with a CR whose LF, if any, is in the next chunk. */
  endsWithCr: boolean;
}

/**
 * Counts the line terminators (LF, CRLF, lone CR) of `chunk` from `from` without building a line, with
 * native scans only: each of `indexOf(LF)` and `indexOf(CR)` moves forward and a missing one is never
 * searched again. With `first`, stops after the first terminator.
 */
export function skipLines(chunk: Buffer, from: number, first: boolean): SkippedLines {
  let nextLf = chunk.indexOf(LF, from);
  let nextCr = chunk.indexOf(CR, from);
  let at = from;
  let lines = 0;
  let endsWithCr = false;
  for (;;) {
    if (nextLf !== -1 && nextLf < at) nextLf = chunk.indexOf(LF, at);
    if (nextCr !== -1 && nextCr < at) nextCr = chunk.indexOf(CR, at);
    const found = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
    if (found === -1) break;
    at = found + 1;
    if (chunk[found] === CR) {
      if (at === chunk.length) endsWithCr = true;
      else if (chunk[at] === LF) at++;
    }
    lines++;
    if (first) break;
  }
  return { lines, end: at, endsWithCr };
}
