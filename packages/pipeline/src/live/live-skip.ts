import { LineEndScanner } from '@pipeguard/shared/core';

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
 * the one line-end scan ({@link LineEndScanner}). With `first`, stops after the first terminator.
 */
export function skipLines(chunk: Buffer, from: number, first: boolean): SkippedLines {
  const scanner = new LineEndScanner(chunk);
  let at = from;
  let lines = 0;
  let endsWithCr = false;
  for (;;) {
    const found = scanner.next(at);
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
