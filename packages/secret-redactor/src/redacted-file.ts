import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { nodeByteOps } from '@pipeguard/shared';
import type { RedactOptions } from './options';
import { SecretRedactorCore } from './secret-redactor-core';

/** Bytes before a read that the redactor also scans: a private key block that began up to here is seen. */
export const REDACT_CONTEXT_BEFORE_BYTES = 64 * 1024;
/** Bytes after a read that the redactor also scans: a secret cut by the read's end is seen whole. */
export const REDACT_CONTEXT_AFTER_BYTES = 8 * 1024;

const MARKER_START = Buffer.from('[REDACTED:');
const NO_MARKER = Buffer.alloc(0);
const BEGIN_MARK = Buffer.from('-----BEGIN ');
const END_MARK = Buffer.from('-----END');
const PRIVATE_KEY = Buffer.from('private-key');
/**
 * How far before a read's context the readers look for the BEGIN of a key block it lies in: a private key
 * is a few KiB, and a bound keeps a read's cost independent of its offset in the file.
 */
export const KEY_BLOCK_LOOK_BACK_BYTES = 1024 * 1024;
const LOOK_BACK_PIECE_BYTES = 256 * 1024;
const MARK_OVERLAP_BYTES = 16;
/** A BEGIN line's bytes read to tell a private key's header: the redactor's reach. */
const HEADER_BYTES = 160;
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
 * read is scanned with 64 KiB before and 8 KiB
 * after it, so a secret cut by a read's edge (a page, a clipped line) is found whole.
 */
export function redactedFile(handle: FileHandle, redact: RedactOptions): FileHandle {
  const read = async (buffer: Buffer, offset: number, length: number, position: number) => {
    const size = (await handle.stat()).size;
    const from = Math.max(0, position - REDACT_CONTEXT_BEFORE_BYTES);
    const to = Math.min(size, position + length + REDACT_CONTEXT_AFTER_BYTES);
    const scanned = await readAt(handle, from, to - from);
    const bytesRead = Math.max(0, Math.min(length, scanned.length - (position - from)));
    scanned.copy(buffer, offset, position - from, position - from + bytesRead);
    const window = buffer.subarray(offset, offset + bytesRead);
    // A key block that began before the context goes on through it to its END line: masked whole.
    const blockEnd = (await isInsideKeyBlock(handle, from, redact)) ? keyBlockEnd(scanned) : 0;
    if (blockEnd > 0)
      maskOverlap({ start: 0, end: blockEnd, marker: NO_MARKER }, scanned, from, window, position);
    for (const span of secretSpans(scanned.subarray(blockEnd), redact)) {
      const shifted = { start: span.start + blockEnd, end: span.end + blockEnd, marker: span.marker };
      maskOverlap(shifted, scanned, from, window, position);
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
 * Whether the file offset `at` lies inside a private key block: a BEGIN line the redactor takes for one
 * comes after the last `-----END` before `at`, within {@link KEY_BLOCK_LOOK_BACK_BYTES}. Read backwards
 * in fixed pieces, so memory and time stay bounded however far into the file `at` is.
 */
async function isInsideKeyBlock(handle: FileHandle, at: number, redact: RedactOptions): Promise<boolean> {
  const lowest = Math.max(0, at - KEY_BLOCK_LOOK_BACK_BYTES);
  for (let end = at; end > lowest; ) {
    const start = Math.max(lowest, end - LOOK_BACK_PIECE_BYTES);
    // Pieces overlap by a mark's length, so a mark cut by a piece's edge is seen in the later piece.
    const piece = await readAt(handle, start, Math.min(at, end + MARK_OVERLAP_BYTES) - start);
    const lastEnd = piece.lastIndexOf(END_MARK);
    let begin = piece.lastIndexOf(BEGIN_MARK);
    while (begin > lastEnd) {
      if (begin <= end - start && (await isKeyBlockHeader(handle, start + begin, redact))) return true;
      begin = begin === 0 ? -1 : piece.lastIndexOf(BEGIN_MARK, begin - 1);
    }
    if (lastEnd !== -1) return false;
    end = start;
  }
  return false;
}

/** Whether the BEGIN line at file offset `at` starts a private key block for the redactor. */
async function isKeyBlockHeader(handle: FileHandle, at: number, redact: RedactOptions): Promise<boolean> {
  const line = await readAt(handle, at, HEADER_BYTES);
  const lineEnd = line.indexOf(LF);
  const header = Buffer.concat([line.subarray(0, lineEnd === -1 ? line.length : lineEnd), Buffer.from('\n')]);
  return secretSpans(header, redact).some((span) => span.start === 0 && span.marker.includes(PRIVATE_KEY));
}

/** Where a block that `scanned` starts inside ends: after its `-----END` line, or at the end of `scanned`. */
function keyBlockEnd(scanned: Buffer): number {
  const mark = scanned.indexOf(END_MARK);
  if (mark === -1) return scanned.length;
  const lineEnd = scanned.indexOf(LF, mark);
  return lineEnd === -1 ? scanned.length : lineEnd;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(Math.max(0, length));
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
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
