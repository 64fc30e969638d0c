import { execFileSync } from 'node:child_process';
import { Readable } from 'readable-stream';

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/** What a pipe or a file stream delivers at a time, and so what every bench feeds its stages. */
export const CHUNK_BYTES = 64 * 1024;

/** Cuts a buffer into 64 KiB views, as a pipe or file stream would deliver it. */
export function chunksOf(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES)
    chunks.push(bytes.subarray(start, start + CHUNK_BYTES));
  return chunks;
}

/** One 64 KiB chunk filled with `text`, referenced `count` times: a long stream that costs no memory. */
export function repeatedChunks(text: string, count: number): Buffer[] {
  const chunk = Buffer.alloc(CHUNK_BYTES, text);
  return Array.from({ length: count }, () => chunk);
}

/** The bytes in `chunks`. */
export function totalBytes(chunks: readonly Buffer[]): number {
  return chunks.reduce((sum, chunk) => sum + chunk.length, 0);
}

/** A fresh byte stream over prepared chunks; building it costs nothing per byte. */
export function streamOf(chunks: readonly Buffer[]): Readable {
  let next = 0;
  return new Readable({
    read() {
      this.push(next < chunks.length ? chunks[next++] : null);
    },
  });
}

/**
 * `line(0)`, `line(1)`, … until their `size`s add up to `bytes` or more: the last line is whole, so
 * the total may pass `bytes` (callers that need it exact cut the joined bytes).
 */
export function linesUpTo<L>(bytes: number, line: (index: number) => L, size: (line: L) => number): L[] {
  const lines: L[] = [];
  for (let total = 0; total < bytes; ) {
    const next = line(lines.length);
    lines.push(next);
    total += size(next);
  }
  return lines;
}

/** Line `index` of an 80-byte log (79 visible ASCII bytes and LF), as the splitters and decoders get it. */
export const logLine = (index: number): string =>
  `${`2024-05-01T12:00:00Z INFO worker-${index % 97} request ${index}`.padEnd(79, '.')}\n`;

/**
 * Line `index` of `logLines`: 80 bytes too, but worded differently from `logLine`; the preset's input
 * has always been made of these, and its results stay comparable only while its bytes do.
 */
const servedLine = (index: number): string =>
  `${`${String(index).padStart(8, '0')} INFO request served in 12ms path=/api/items?page=${index % 97}`.padEnd(79, '.')}\n`;

/** `count` bytes of 80-byte log lines (79 visible bytes and LF), numbered. */
export function logLines(count: number): Buffer {
  return Buffer.from(linesUpTo(count, servedLine, (line) => line.length).join('')).subarray(0, count);
}

/**
 * The redactor's CPU benches' clean text: this repository's `git log -p` of packages whose diffs hold no
 * credential fixtures, up to the commit the redactor was written on, its first 2 MB (1.4 MB, fixed).
 */
export function redactorCleanText(): Buffer {
  return execFileSync(
    'git',
    [
      'log',
      '-p',
      '56c587a',
      '--',
      ...['line-splitter', 'repeat-folder', 'fallback-decoder', 'terminal-renderer'].map(
        (name) => `packages/${name}`,
      ),
    ],
    { cwd: new URL('../..', import.meta.url).pathname, maxBuffer: 1 << 30 },
  ).subarray(0, 2_000_000);
}
