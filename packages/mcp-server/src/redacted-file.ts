import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { type RedactOptions, SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { nodeByteOps } from '@pipeguard/shared';

/** Bytes before a read that the redactor also scans: a private key block that began up to here is seen. */
export const REDACT_CONTEXT_BEFORE_BYTES = 64 * 1024;
/** Bytes after a read that the redactor also scans: a secret cut by the read's end is seen whole. */
export const REDACT_CONTEXT_AFTER_BYTES = 8 * 1024;

const MARKER_START = Buffer.from('[REDACTED:');
const MARKER_END = 0x5d; // ]
const STAR = 0x2a;
const LF = 0x0a;
const CR = 0x0d;
/** Bytes handed to the redactor at a time: its offset map answers for its last MiB of output. */
const PIECE_BYTES = 256 * 1024;
const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** A secret in the scanned bytes: `[start, end)` relative to the scan's first byte, and its marker. */
interface SecretSpan {
  start: number;
  end: number;
  marker: Buffer;
}

/**
 * A `FileHandle` for the file readers (`readBytesAsUtf8`, `readLines`) whose reads come back with every
 * secret masked in place: its bytes read as `[REDACTED:<kind>]` padded with `*` to the secret's length
 * (only `*` when the secret is shorter), so every byte offset and line number stays the file's own. Each
 * read is scanned with {@link REDACT_CONTEXT_BEFORE_BYTES} before and {@link REDACT_CONTEXT_AFTER_BYTES}
 * after it, so a secret cut by a read's edge (a page, a clipped line) is found whole.
 */
export function redactedFile(handle: FileHandle, redact: RedactOptions): FileHandle {
  const read = async (buffer: Buffer, offset: number, length: number, position: number) => {
    const size = (await handle.stat()).size;
    const from = Math.max(0, position - REDACT_CONTEXT_BEFORE_BYTES);
    const to = Math.min(size, position + length + REDACT_CONTEXT_AFTER_BYTES);
    const raw = Buffer.alloc(Math.max(0, to - from));
    let filled = 0;
    while (filled < raw.length) {
      const { bytesRead } = await handle.read(raw, filled, raw.length - filled, from + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const scanned = raw.subarray(0, filled);
    const bytesRead = Math.max(0, Math.min(length, filled - (position - from)));
    scanned.copy(buffer, offset, position - from, position - from + bytesRead);
    for (const span of secretSpans(scanned, redact)) {
      maskOverlap(span, scanned, from, buffer.subarray(offset, offset + bytesRead), position);
    }
    return { bytesRead, buffer };
  };
  // Only what the readers call: read(buffer, offset, length, position), stat(), fd (and close, a no-op
  // here: the caller closes the real handle).
  return {
    fd: handle.fd,
    read,
    stat: (): Promise<Stats> => handle.stat(),
    close: async () => {},
  } as unknown as FileHandle;
}

/**
 * Masks the part of `span` (in `scanned`, read from file offset `from`) that falls in `window` (at file
 * offset `position`): line ends stay, so line numbers do too (a private key block spans lines).
 */
function maskOverlap(
  span: SecretSpan,
  scanned: Buffer,
  from: number,
  window: Buffer,
  position: number,
): void {
  const start = from + span.start;
  const end = from + span.end;
  const mask = Buffer.from(scanned.subarray(span.start, span.end));
  for (let at = 0; at < mask.length; at++) if (mask[at] !== LF && mask[at] !== CR) mask[at] = STAR;
  const firstLineEnd = mask.indexOf(LF);
  if (span.marker.length <= (firstLineEnd === -1 ? mask.length : firstLineEnd)) span.marker.copy(mask);
  const first = Math.max(start, position);
  const last = Math.min(end, position + window.length);
  if (first < last) mask.copy(window, first - position, first - start, last - start);
}

/** Where the redactor found secrets in `bytes`, from its output's markers and its offset map. */
function secretSpans(bytes: Buffer, redact: RedactOptions): SecretSpan[] {
  const redactor = new SecretRedactorCore({ ...redact, byteOps: nodeByteOps, latin1 });
  const spans: SecretSpan[] = [];
  let outputOffset = 0;
  // A marker at the end of a chunk ends where the next chunk's first byte came from.
  let open: { start: number; marker: Buffer } | null = null;
  // Called as each chunk is emitted, while the offset map still answers for it.
  const emit = (output: Uint8Array) => {
    const chunk = Buffer.from(output.buffer, output.byteOffset, output.length);
    if (open) {
      spans.push({ ...open, end: redactor.sourceOffsetOf(outputOffset) ?? bytes.length });
      open = null;
    }
    let at = chunk.indexOf(MARKER_START);
    while (at !== -1) {
      const close = chunk.indexOf(MARKER_END, at);
      const markerEnd = close === -1 ? chunk.length : close + 1;
      const start = redactor.sourceOffsetOf(outputOffset + at) ?? 0;
      const marker = Buffer.from(chunk.subarray(at, markerEnd));
      if (markerEnd < chunk.length) {
        spans.push({ start, end: redactor.sourceOffsetOf(outputOffset + markerEnd) ?? bytes.length, marker });
      } else open = { start, marker };
      at = chunk.indexOf(MARKER_START, markerEnd);
    }
    outputOffset += chunk.length;
  };
  for (let at = 0; at < bytes.length; at += PIECE_BYTES)
    redactor.write(bytes.subarray(at, at + PIECE_BYTES), emit);
  redactor.end(emit);
  const last = open as { start: number; marker: Buffer } | null;
  if (last) spans.push({ ...last, end: bytes.length });
  return spans;
}
