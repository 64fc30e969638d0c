import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file-handle';

/** Bytes `readLines` reads per positioned read. */
export const READ_CHUNK_BYTES = 256 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/** Which lines to deliver and how much of each to keep. */
export interface LineRange {
  /** 1-based number of the first line to deliver. */
  firstLine: number;
  /** Lines to deliver at most. */
  lineCount: number;
  /** Content bytes kept of each line; the rest is only counted. */
  maxHeadBytes: number;
  /** Where scanning starts: the raw offset of a line's start and that line's number. @defaultValue line 1 at 0 */
  start?: { offset: number; line: number };
}

/**
 * Receives one line: `bytes[start, end)` holds its first `min(lineBytes, maxHeadBytes)` content bytes
 * (valid only during the call), `lineBytes` counts its content without LF or CRLF, `offset` is the raw
 * offset of its first byte.
 */
export type LineVisitor = (
  line: number,
  bytes: Buffer,
  start: number,
  end: number,
  lineBytes: number,
  offset: number,
) => void;

/**
 * Streams through a file with positioned reads, finding lines at LF with `Buffer.indexOf`, and hands the
 * lines in `range` to `visit`. Memory stays at one chunk plus one line's head, however long the lines.
 */
export async function scanLines(
  handle: FileHandle,
  range: LineRange,
  visit: LineVisitor,
  chunkBytes = READ_CHUNK_BYTES,
): Promise<{ nextLine: number; eof: boolean }> {
  const { firstLine, maxHeadBytes } = range;
  const endLine = firstLine + range.lineCount;
  const chunk = Buffer.allocUnsafe(chunkBytes);
  let line = range.start?.line ?? 1;
  let lineStart = range.start?.offset ?? 0;
  let position = lineStart;
  // The kept head of a line that spans chunks, and its last byte so far (to tell a CR before LF).
  const spanned: Buffer[] = [];
  let spannedBytes = 0;
  let lastByte = -1;
  const deliver = (bytes: Buffer, from: number, to: number): void => {
    if (to > from) lastByte = bytes[to - 1] as number;
    const lineBytes = position + to - lineStart - (lastByte === CR ? 1 : 0);
    const headBytes = Math.min(lineBytes, maxHeadBytes);
    if (spannedBytes === 0) {
      visit(line, bytes, from, from + headBytes, lineBytes, lineStart);
    } else {
      spanned.push(bytes.subarray(0, Math.min(to, maxHeadBytes - spannedBytes)));
      visit(line, Buffer.concat(spanned), 0, headBytes, lineBytes, lineStart);
      spanned.length = 0;
      spannedBytes = 0;
    }
    lastByte = -1;
  };
  while (line < endLine) {
    const data = chunk.subarray(0, await readAt(handle, chunk, position));
    if (data.length === 0) break;
    let from = 0;
    for (let lf = data.indexOf(LF); lf !== -1 && line < endLine; lf = data.indexOf(LF, from)) {
      if (line >= firstLine) deliver(data, from, lf);
      line++;
      from = lf + 1;
      lineStart = position + from;
    }
    if (line >= firstLine && line < endLine && from < data.length) {
      const kept = data.subarray(from, from + Math.max(0, maxHeadBytes - spannedBytes));
      if (kept.length > 0) spanned.push(Buffer.from(kept));
      spannedBytes += kept.length;
      lastByte = data[data.length - 1] as number;
    }
    position += data.length;
  }
  if (line === endLine) return { nextLine: line, eof: await isAtEnd(handle, lineStart) };
  // The file ends without a final LF: what follows the last LF is one more line.
  if (position > lineStart) {
    if (line >= firstLine) deliver(chunk, 0, 0);
    line++;
  }
  return { nextLine: line, eof: true };
}

async function isAtEnd(handle: FileHandle, position: number): Promise<boolean> {
  return (await readAt(handle, Buffer.allocUnsafe(1), position)) === 0;
}

/**
 * The line holding byte `offset` of a file of `size` bytes (the line a LF ends holds that LF): its
 * number and the raw offset of its start, found by counting the LFs before `offset` with
 * `Buffer.indexOf`, one chunk in memory at a time. At or past the end, the line after the last.
 */
export async function findLineAt(
  handle: FileHandle,
  offset: number,
  size: number,
  chunkBytes = READ_CHUNK_BYTES,
): Promise<{ offset: number; line: number }> {
  const chunk = Buffer.allocUnsafe(chunkBytes);
  const end = Math.min(offset, size);
  let line = 1;
  let lineStart = 0;
  let position = 0;
  while (position < end) {
    const data = chunk.subarray(
      0,
      await readAt(handle, chunk.subarray(0, Math.min(chunkBytes, end - position)), position),
    );
    if (data.length === 0) break;
    for (let lf = data.indexOf(LF); lf !== -1; lf = data.indexOf(LF, lf + 1)) {
      line++;
      lineStart = position + lf + 1;
    }
    position += data.length;
  }
  // Past the end, an unterminated last line is behind too.
  if (offset >= position && position >= size && lineStart < position)
    return { offset: position, line: line + 1 };
  return { offset: lineStart, line };
}
