import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, chunksOf, linesUpTo, logLine, logLines, MiB } from '../lib/inputs';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// Results are compared across runs and commits only while every bench's input stays the same bytes:
// these digests were taken from the builders as they were before they moved here.
describe('bench inputs stay byte-identical', () => {
  it('logLine: 1 MiB of 80-byte lines, as splitting and decoding build them', () => {
    const lines = linesUpTo(MiB, logLine, (line) => line.length);
    const bytes = Buffer.from(lines.join(''), 'latin1');
    expect(lines).toHaveLength(13108);
    expect(bytes.length).toBe(1048640);
    expect(sha256(bytes)).toBe('67bc4ffa7e54baf72ab68e6b9e033ddc0dbcb242bb36e48f7b4b0313f7eabde3');
  });

  it('logLines: exactly the bytes asked for, as the preset builds them', () => {
    const bytes = logLines(MiB + 3);
    expect(bytes.length).toBe(MiB + 3);
    expect(sha256(bytes)).toBe('85310e5b5411f08f6fbd096ab2b37ab92e93496f479af30e417e9c6d014d7b60');
  });
});

describe('linesUpTo', () => {
  it('stops at the first line that reaches the total, keeping that line whole', () => {
    expect(
      linesUpTo(
        10,
        (index) => 'x'.repeat(index + 1),
        (line) => line.length,
      ),
    ).toEqual(['x', 'xx', 'xxx', 'xxxx']);
    expect(linesUpTo(0, String, () => 1)).toEqual([]);
  });
});

describe('chunksOf', () => {
  it('cuts 64 KiB views that cover the buffer in order, the last one short', () => {
    const bytes = Buffer.alloc(2 * CHUNK_BYTES + 5, 'ab');
    const chunks = chunksOf(bytes);
    expect(chunks.map((chunk) => chunk.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 5]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
