import { validateFunction, validateInteger, validateOptionsObject } from '@pipeguard/shared';
import { clipLine, DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
import { type FileInput, validateFileInput, withFileHandle } from './file-handle';
import { NumberedLines } from './numbered-lines';
import { scanLines } from './scan-lines';

/** Lines `readLines` returns when no `limit` is given. */
export const DEFAULT_LINE_LIMIT = 2000;

/** Options of {@link readLines}. */
export interface ReadLinesOptions {
  /**
   * 1-based number of the first line to return.
   * @defaultValue 1
   */
  offset?: number;
  /**
   * Lines to return at most.
   * @defaultValue {@link DEFAULT_LINE_LIMIT} (2000)
   */
  limit?: number;
  /**
   * Content bytes shown of each line; a longer line is cut at a character boundary at or below it and
   * gets a marker naming the omitted bytes.
   * @defaultValue {@link DEFAULT_MAX_LINE_BYTES} (2000)
   */
  maxLineBytes?: number;
  /**
   * How the summary points at the first clipped line's omitted part: the text after `Omitted part of
   * line N: `, given that line's clip. A CLI, say, names its own command rather than a JavaScript call.
   * @defaultValue the call that reads it: `readBytesAsUtf8(file, { offset, limit })`
   */
  omittedPartHint?: (clip: LineClip) => string;
}

/** The default {@link ReadLinesOptions.omittedPartHint}: the JavaScript call that reads the part. */
const readBytesCall = (clip: LineClip) =>
  `readBytesAsUtf8(file, { offset: ${clip.omittedStart}, limit: ${clip.omittedBytes} })`;

/** A page of numbered lines, with where every omitted byte is. */
export interface LinesPage {
  /** The lines as `cat -n` numbers them (`     1\t…`), clipped ones with a marker, then a summary. */
  text: string;
  /** Number of the first line returned (the `offset` asked for). */
  firstLine: number;
  /** Lines returned. */
  lineCount: number;
  /** Number of the line after the last one returned: pass it as `offset` to read on. */
  nextLine: number;
  /** Whether the file has no line after the ones returned. */
  eof: boolean;
  /** Each clipped line, in order. */
  clipped: LineClip[];
  /** The longest line returned and its content bytes; `undefined` when no line was returned. */
  longestLine: { line: number; lineBytes: number } | undefined;
}

/**
 * Reads lines `offset` to `offset + limit - 1` of a file, streaming through it and finding lines at LF
 * bytes, with each line's content capped at `maxLineBytes` bytes and clipped lines marked with the raw
 * byte offsets of what they omit.
 * @throws {TypeError} When `file` or an option has the wrong type (`omittedPartHint` must be a function).
 * @throws {RangeError} When `offset` or `limit` is below 1, `maxLineBytes` is below 1, or one is fractional or NaN.
 * @throws The system error (e.g. `ENOENT`, with the path) when the file cannot be opened or read.
 */
export async function readLines(file: FileInput, options?: ReadLinesOptions): Promise<LinesPage> {
  validateFileInput(file);
  validateOptionsObject(options);
  const offset = options?.offset === undefined ? 1 : options.offset;
  const limit = options?.limit === undefined ? DEFAULT_LINE_LIMIT : options.limit;
  const maxLineBytes = options?.maxLineBytes === undefined ? DEFAULT_MAX_LINE_BYTES : options.maxLineBytes;
  validateInteger('offset', offset, { minimum: 1 });
  validateInteger('limit', limit, { minimum: 1 });
  validateInteger('maxLineBytes', maxLineBytes, { minimum: 1 });
  const hint = options?.omittedPartHint === undefined ? readBytesCall : options.omittedPartHint;
  validateFunction('omittedPartHint', hint);
  const lines = new NumberedLines();
  const clipped: LineClip[] = [];
  let longestLine: LinesPage['longestLine'];
  const range = { firstLine: offset, lineCount: limit, maxHeadBytes: maxLineBytes };
  const { nextLine, eof } = await withFileHandle(file, (handle) =>
    scanLines(handle, range, (line, bytes, start, end, lineBytes, lineOffset) => {
      if (longestLine === undefined || lineBytes > longestLine.lineBytes) longestLine = { line, lineBytes };
      if (lineBytes <= maxLineBytes) return lines.add(line, bytes, start, end);
      const clip = clipLine(
        bytes.subarray(start, end),
        lineBytes,
        lineOffset,
        maxLineBytes,
        line,
      ) as LineClip;
      clipped.push(clip);
      lines.add(line, bytes, start, start + clip.keptBytes, formatClipMarker(clip));
    }),
  );
  const page = { firstLine: offset, lineCount: lines.length, nextLine, eof, clipped, longestLine };
  return { text: formatPage(lines.toString(), page, maxLineBytes, hint), ...page };
}

function formatPage(
  rows: string,
  page: Omit<LinesPage, 'text'>,
  maxLineBytes: number,
  hint: (clip: LineClip) => string,
): string {
  const total = page.nextLine - 1;
  if (page.lineCount === 0)
    return `[No lines from line ${page.firstLine}: the file has ${total} line${total === 1 ? '' : 's'}.]`;
  const first = page.clipped[0];
  if (first === undefined || page.longestLine === undefined) return rows;
  const summary =
    `[${page.clipped.length} of ${page.lineCount} lines exceeded ${maxLineBytes} bytes; longest: line ` +
    `${page.longestLine.line}, ${page.longestLine.lineBytes} bytes. Omitted part of line ${first.line}: ` +
    `${hint(first)}]`;
  return `${rows}\n\n${summary}`;
}
