import { isUtf8 } from 'node:buffer';
import type { FallbackOption } from '@pipeguard/fallback-decoder';
import { decodeRejectedUnit, resolveFallbackOption } from '@pipeguard/fallback-decoder/internal';
import { validateInteger, validateOptionsObject } from '@pipeguard/shared';
import { countIllFormedUtf8 } from './count-ill-formed-utf8';
import { type FileInput, readAt, validateFileInput, withFileHandle } from './file-handle';
import { EDGE_BYTES, findWindowBounds } from './window-bounds';

const KNOWN_OPTIONS = ['offset', 'windowBytes', 'fallback'] as const;

/** Window size when no `windowBytes` is given: 64 KiB. */
export const DEFAULT_WINDOW_BYTES = 64 * 1024;

/** Largest window one call reads, whatever `windowBytes` says: 256 MiB (a JavaScript string must hold it). */
export const MAX_WINDOW_BYTES = 256 * 1024 * 1024;

/** Options of {@link readBytesAsUtf8}. */
export interface ReadBytesOptions {
  /**
   * Raw byte offset (0-based) of the window's first byte.
   * @defaultValue 0
   */
  offset?: number;
  /**
   * Bytes in the window; `0` reads nothing. Above {@link MAX_WINDOW_BYTES} it reads that many; 1–3
   * bytes that hold only the start of a character widen to that character (at most 4 bytes).
   * @defaultValue {@link DEFAULT_WINDOW_BYTES} (65 536 bytes)
   */
  windowBytes?: number;
  /**
   * Encoding(s) for lines of the window that are not UTF-8 (iconv-lite names, a list tried in order, as
   * `FallbackDecoder` tries them), `'auto'` for this machine's legacy codepage, or `null`. The window is
   * cut into lines at LF; a line UTF-8 rejects (and without NUL) is decoded with the fallback, the
   * others as UTF-8; a line cut by the window's edge is decoded from the window's bytes alone.
   * @defaultValue `null` (U+FFFD for each invalid sequence)
   */
  fallback?: FallbackOption;
}

/** A window of a file decoded as UTF-8, with the raw byte offsets it covers. */
export interface Utf8Window {
  /** The bytes `[offset, nextOffset)` decoded as UTF-8; each invalid byte sequence is U+FFFD. */
  text: string;
  /** Raw byte offset of the first decoded byte: the requested offset plus `trimmedStartBytes`. */
  offset: number;
  /** Bytes decoded into `text`: `nextOffset - offset`. Exceeds `windowBytes` only when the window was widened. */
  byteLength: number;
  /** Offset of the first byte not decoded: pass it as `offset` to read on; paging from 0 visits every byte once. */
  nextOffset: number;
  /** Bytes skipped at the start: the tail of a character that begins before the requested offset. */
  trimmedStartBytes: number;
  /** Bytes of the window left undecoded at its end: a character continuing past it, read by the next window. */
  trimmedEndBytes: number;
  /** Decoded bytes that are part of no well-formed UTF-8 sequence (each is shown as part of a U+FFFD). */
  illFormedBytes: number;
  /** Decoded bytes in lines that were not UTF-8 and were decoded with the `fallback` (0 without one). */
  fallbackBytes: number;
  /** Whether `nextOffset` is the end of the file: nothing is left to read. */
  eof: boolean;
  /** Size of the file in bytes when it was read. */
  fileSize: number;
}

/**
 * Reads a window of raw bytes at a byte offset with positioned reads on one file handle and decodes it
 * as UTF-8, trimming characters cut by the window's edges. Reading at or past the end gives an empty
 * window with `eof: true`.
 * @throws {TypeError} When `file` or an option has the wrong type, an option is unknown, or `fallback` names
 * an encoding iconv-lite does not support.
 * @throws {RangeError} When `offset` or `windowBytes` is negative, fractional or NaN.
 * @throws The system error (e.g. `ENOENT`, with the path) when the file cannot be opened or read.
 */
export async function readBytesAsUtf8(file: FileInput, options?: ReadBytesOptions): Promise<Utf8Window> {
  validateFileInput(file);
  validateOptionsObject(options, KNOWN_OPTIONS);
  const offset = options?.offset === undefined ? 0 : options.offset;
  const requestedBytes = options?.windowBytes === undefined ? DEFAULT_WINDOW_BYTES : options.windowBytes;
  validateInteger('offset', offset);
  validateInteger('windowBytes', requestedBytes);
  const fallbacks = resolveFallbackOption(options?.fallback, undefined);
  return withFileHandle(file, async (handle, { size }) => {
    const windowBytes = Math.min(requestedBytes, MAX_WINDOW_BYTES, Math.max(0, size - offset));
    if (windowBytes === 0) return emptyWindow(offset, size);
    const readStart = Math.max(0, offset - EDGE_BYTES);
    const buffer = Buffer.allocUnsafe(Math.min(size, offset + windowBytes + EDGE_BYTES) - readStart);
    const bytes = buffer.subarray(0, await readAt(handle, buffer, readStart));
    // A file that shrank since stat() ends where the read did.
    const fileSize = bytes.length < buffer.length ? readStart + bytes.length : size;
    const windowStart = offset - readStart;
    const windowEnd = Math.min(windowStart + windowBytes, bytes.length);
    if (windowEnd <= windowStart) return emptyWindow(offset, fileSize);
    const { start, end } = findWindowBounds(bytes, windowStart, windowEnd);
    const decoded = bytes.subarray(start, end);
    const { text, fallbackBytes } = decodeWindow(decoded, fallbacks);
    return {
      text,
      offset: readStart + start,
      byteLength: end - start,
      nextOffset: readStart + end,
      trimmedStartBytes: start - windowStart,
      trimmedEndBytes: Math.max(0, windowEnd - end),
      illFormedBytes: countIllFormedUtf8(decoded),
      fallbackBytes,
      eof: readStart + end >= fileSize,
      fileSize,
    };
  });
}

function emptyWindow(offset: number, fileSize: number): Utf8Window {
  return {
    text: '',
    offset,
    byteLength: 0,
    nextOffset: offset,
    trimmedStartBytes: 0,
    trimmedEndBytes: 0,
    illFormedBytes: 0,
    fallbackBytes: 0,
    eof: offset >= fileSize,
    fileSize,
  };
}

const LF = 0x0a;

/** Decodes a window as UTF-8, or, with fallbacks, line by line where a line is not UTF-8. */
function decodeWindow(bytes: Buffer, fallbacks: readonly string[]): { text: string; fallbackBytes: number } {
  if (fallbacks.length === 0 || isUtf8(bytes)) return { text: bytes.toString('utf8'), fallbackBytes: 0 };
  const pieces: string[] = [];
  let fallbackBytes = 0;
  for (let start = 0; start < bytes.length; ) {
    const lf = bytes.indexOf(LF, start);
    const end = lf === -1 ? bytes.length : lf + 1;
    const line = bytes.subarray(start, end);
    if (isUtf8(line)) pieces.push(line.toString('utf8'));
    else {
      const { text, path } = decodeRejectedUnit(line, fallbacks);
      if (path === 'fallback') fallbackBytes += line.length;
      pieces.push(text);
    }
    start = end;
  }
  return { text: pieces.join(''), fallbackBytes };
}
