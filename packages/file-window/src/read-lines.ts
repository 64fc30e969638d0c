import { isUtf8 } from 'node:buffer';
import type { FallbackOption } from '@pipeguard/fallback-decoder';
import { decodeRejectedUnit, resolveFallbackOption } from '@pipeguard/fallback-decoder/internal';
import {
  describeReceived,
  validateFunction,
  validateInteger,
  validateOptionsObject,
} from '@pipeguard/shared';
import { clipLine, DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
import { type FileInput, validateFileInput, withFileHandle } from './file-handle';
import { NumberedLines } from './numbered-lines';
import { findLineAt, scanLines } from './scan-lines';

/** Lines `readLines` returns at most when no `maxLines` is given. */
export const DEFAULT_MAX_LINES = 2000;

const KNOWN_OPTIONS = [
  'fromLine',
  'fromByte',
  'maxLines',
  'maxLineBytes',
  'omittedPartHint',
  'fallback',
] as const;

/** Options of {@link readLines}. */
export interface ReadLinesOptions {
  /**
   * 1-based number of the first line to return.
   * @defaultValue 1
   */
  fromLine?: number;
  /**
   * Raw byte offset (0-based) the page starts at instead of `fromLine`: the page begins at the start of
   * the line that holds this byte (a line's LF belongs to it), numbered as counted from the file's
   * start; at or past the end of the file, the line after the last (an empty page). Finding it counts
   * the line feeds before it (a native scan, one 256 KiB chunk in memory).
   * @defaultValue `undefined` (start at `fromLine`)
   */
  fromByte?: number;
  /**
   * Lines to return at most.
   * @defaultValue {@link DEFAULT_MAX_LINES} (2000 lines)
   */
  maxLines?: number;
  /**
   * Content bytes shown of each line; a longer line is cut at a character boundary at or below it and
   * gets a marker naming the omitted bytes.
   * @defaultValue {@link DEFAULT_MAX_LINE_BYTES} (2000 bytes)
   */
  maxLineBytes?: number;
  /**
   * How the summary points at the first clipped line's omitted part: the text after `Omitted part of
   * line N: `, given that line's clip. A CLI, say, names its own command rather than a JavaScript call.
   * @defaultValue the call that reads it: `readBytesAsUtf8(file, { offset, windowBytes })`
   */
  omittedPartHint?: (clip: LineClip) => string;
  /**
   * Encoding(s) for lines that are not UTF-8 (iconv-lite names, a list tried in order, as
   * `FallbackDecoder` tries them), `'auto'` for this machine's legacy codepage, or `null`: such a line
   * is decoded as UTF-8 with U+FFFD. A line with a NUL byte is never decoded with the fallback; a
   * clipped line's kept bytes are decoded on their own.
   * @defaultValue `null`
   */
  fallback?: FallbackOption;
}

/** The default {@link ReadLinesOptions.omittedPartHint}: the JavaScript call that reads the part. */
const readBytesCall = (clip: LineClip) =>
  `readBytesAsUtf8(file, { offset: ${clip.omittedStart}, windowBytes: ${clip.omittedBytes} })`;

/** A page of numbered lines, with where every omitted byte is. */
export interface LinesPage {
  /** The lines as `cat -n` numbers them (`     1\t…`), clipped ones with a marker, then a summary. */
  text: string;
  /** Number of the first line returned (the `fromLine` asked for, or the line holding `fromByte`). */
  firstLine: number;
  /** Lines returned. */
  lineCount: number;
  /** Number of the line after the last one returned: pass it as `fromLine` to read on. */
  nextLine: number;
  /** Whether the file has no line after the ones returned. */
  eof: boolean;
  /** Each clipped line, in order. */
  clipped: LineClip[];
  /** The longest line returned and its content bytes; `undefined` when no line was returned. */
  longestLine: { line: number; lineBytes: number } | undefined;
  /** Lines returned that were not UTF-8 and were decoded with the `fallback`. */
  fallbackLines: number;
}

/**
 * Reads lines `fromLine` (or the line holding `fromByte`) to `fromLine + maxLines - 1` of a file, streaming through it and finding lines at LF
 * bytes, with each line's content capped at `maxLineBytes` bytes and clipped lines marked with the raw
 * byte offsets of what they omit.
 * @throws {TypeError} When `file` or an option has the wrong type (`omittedPartHint` must be a function),
 * an option is unknown, `fallback` names an encoding iconv-lite does not support, or both `fromLine` and
 * `fromByte` are given.
 * @throws {RangeError} When `fromLine` or `maxLines` is below 1, `fromByte` is negative, `maxLineBytes` is below 1, or one is fractional or NaN.
 * @throws The system error (e.g. `ENOENT`, with the path) when the file cannot be opened or read.
 */
export async function readLines(file: FileInput, options?: ReadLinesOptions): Promise<LinesPage> {
  validateFileInput(file);
  validateOptionsObject(options, KNOWN_OPTIONS);
  const fromLine = options?.fromLine === undefined ? 1 : options.fromLine;
  const maxLines = options?.maxLines === undefined ? DEFAULT_MAX_LINES : options.maxLines;
  const maxLineBytes = options?.maxLineBytes === undefined ? DEFAULT_MAX_LINE_BYTES : options.maxLineBytes;
  validateInteger('fromLine', fromLine, { minimum: 1 });
  const fromByte = options?.fromByte;
  if (fromByte !== undefined) {
    validateInteger('fromByte', fromByte);
    if (options?.fromLine !== undefined) {
      throw new TypeError(
        `The "fromLine" option must be undefined when "fromByte" is given. Received ${describeReceived(options.fromLine)}`,
      );
    }
  }
  validateInteger('maxLines', maxLines, { minimum: 1 });
  validateInteger('maxLineBytes', maxLineBytes, { minimum: 1 });
  const hint = options?.omittedPartHint === undefined ? readBytesCall : options.omittedPartHint;
  validateFunction('omittedPartHint', hint);
  const fallbacks = resolveFallbackOption(options?.fallback, undefined);
  const lines = new NumberedLines();
  const clipped: LineClip[] = [];
  let longestLine: LinesPage['longestLine'];
  let fallbackLines = 0;
  // A line UTF-8 rejects is decoded with the fallback and added as the UTF-8 of its text.
  const add = (line: number, bytes: Buffer, start: number, end: number, marker?: string) => {
    const content = bytes.subarray(start, end);
    if (fallbacks.length === 0 || isUtf8(content)) return lines.add(line, bytes, start, end, marker);
    const { text, path } = decodeRejectedUnit(content, fallbacks);
    if (path === 'fallback') fallbackLines++;
    const decoded = Buffer.from(text);
    lines.add(line, decoded, 0, decoded.length, marker);
  };
  let firstLine = fromLine;
  const { nextLine, eof } = await withFileHandle(file, async (handle, { size }) => {
    const start = fromByte === undefined ? undefined : await findLineAt(handle, fromByte, size);
    if (start !== undefined) firstLine = start.line;
    const range = { firstLine, lineCount: maxLines, maxHeadBytes: maxLineBytes, start };
    return scanLines(handle, range, (line, bytes, from, end, lineBytes, lineOffset) => {
      if (longestLine === undefined || lineBytes > longestLine.lineBytes) longestLine = { line, lineBytes };
      if (lineBytes <= maxLineBytes) return add(line, bytes, from, end);
      const clip = clipLine(bytes.subarray(from, end), lineBytes, lineOffset, maxLineBytes, line) as LineClip;
      clipped.push(clip);
      add(line, bytes, from, from + clip.keptBytes, formatClipMarker(clip));
    });
  });
  const page = { firstLine, lineCount: lines.length, nextLine, eof, clipped, longestLine, fallbackLines };
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
