import type { LineEndScanner } from '@pipeguard/shared/core';

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
 * the one line-end scan (`scanner`, made to count only). With `first`, stops after the first terminator.
 */
export function skipLines(
  scanner: LineEndScanner,
  chunk: Buffer,
  from: number,
  first: boolean,
): SkippedLines {
  scanner.clear();
  const stop = scanner.scan(chunk, from, 0, Number.POSITIVE_INFINITY, first ? 1 : Number.POSITIVE_INFINITY);
  // A CR that ends the chunk ends a line either way; its LF, if it comes, is skipped with it.
  if (stop === 'cr') return { lines: scanner.count + 1, end: chunk.length, endsWithCr: true };
  return { lines: scanner.count, end: scanner.next, endsWithCr: false };
}
