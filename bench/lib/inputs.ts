import { Readable } from 'readable-stream';

/** Cuts a buffer into 64 KiB views, as a pipe or file stream would deliver it. */
export function chunksOf(bytes: Buffer, chunkBytes = 64 * 1024): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkBytes)
    chunks.push(bytes.subarray(start, start + chunkBytes));
  return chunks;
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

/** `count` bytes of 80-byte log lines (79 visible bytes and LF), numbered. */
export function logLines(count: number): Buffer {
  const line = (index: number) =>
    `${String(index).padStart(8, '0')} INFO request served in 12ms path=/api/items?page=${index % 97}`.padEnd(
      79,
      '.',
    );
  const lines: string[] = [];
  let bytes = 0;
  for (let index = 0; bytes < count; index++) {
    lines.push(line(index));
    bytes += 80;
  }
  return Buffer.from(`${lines.join('\n')}\n`).subarray(0, count);
}
