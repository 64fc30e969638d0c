import type { FileHandle } from 'node:fs/promises';
import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatClipMarker, readBytesAsUtf8, readLines } from '../src/index';
import { findLineAt, type LineRange, scanLines } from '../src/scan-lines';
import { memoryFile } from './helpers/memory-file';
import { decode, linesFile, messyBytes } from './helpers/utf8';

/** The lines of `bytes` by LF, each with its content (a CR before LF or at the end excluded) and offset. */
function linesOf(bytes: Buffer): Array<{ content: Buffer; offset: number }> {
  const lines: Array<{ content: Buffer; offset: number }> = [];
  let start = 0;
  while (start < bytes.length) {
    const lf = bytes.indexOf(0x0a, start);
    const end = lf === -1 ? bytes.length : lf;
    const content = bytes.subarray(start, end > start && bytes[end - 1] === 0x0d ? end - 1 : end);
    lines.push({ content, offset: start });
    start = end + 1;
  }
  return lines;
}

async function scanAll(handle: FileHandle, range: LineRange, chunkBytes: number): Promise<unknown[]> {
  const calls: unknown[] = [];
  const result = await scanLines(
    handle,
    range,
    (line, bytes, start, end, lineBytes, offset) => {
      // As hex: a copy of the bytes (the scanner reuses its buffer) that `toEqual` compares at once,
      // where a Buffer is walked byte by byte as an iterable.
      calls.push([line, bytes.toString('hex', start, end), lineBytes, offset]);
    },
    chunkBytes,
  );
  return [...calls, result];
}

/** A file of lines or of anything, with a cap. */
const fileAndCap = fc.record({
  bytes: fc.oneof(linesFile(), messyBytes()),
  maxLineBytes: fc.integer({ min: 1, max: 24 }),
});

async function readPage(bytes: Buffer, maxLineBytes: number) {
  const file = memoryFile(bytes);
  return { file, page: await readLines(file, { maxLineBytes }) };
}

describe('readLines properties', () => {
  it('should suggest window reads that return exactly the omitted bytes of every clipped line', async () => {
    await fc.assert(
      fc.asyncProperty(fileAndCap, async ({ bytes, maxLineBytes }) => {
        const { file, page } = await readPage(bytes, maxLineBytes);
        for (const clip of page.clipped) {
          const window = await readBytesAsUtf8(file, {
            offset: clip.omittedStart,
            windowBytes: clip.omittedBytes,
          });
          expect(window).toMatchObject({ offset: clip.omittedStart, nextOffset: clip.omittedEnd + 1 });
          expect(window.text).toBe(decode(bytes.subarray(clip.omittedStart, clip.omittedEnd + 1)));
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should show each line cut only between characters, kept and omitted making up the whole line', async () => {
    await fc.assert(
      fc.asyncProperty(fileAndCap, async ({ bytes, maxLineBytes }) => {
        const { page } = await readPage(bytes, maxLineBytes);
        const lines = linesOf(bytes);
        const rows = lines.map(({ content, offset }, index) => {
          const clip = page.clipped.find((candidate) => candidate.line === index + 1);
          if (clip === undefined) {
            expect(content.length).toBeLessThanOrEqual(maxLineBytes);
            return `${String(index + 1).padStart(6)}\t${decode(content)}`;
          }
          const kept = content.subarray(0, clip.keptBytes);
          expect(clip).toMatchObject({ lineBytes: content.length, omittedStart: offset + kept.length });
          expect(kept.length).toBeLessThanOrEqual(maxLineBytes);
          expect(kept.length).toBeGreaterThanOrEqual(maxLineBytes - 3);
          expect(decode(kept) + decode(content.subarray(kept.length))).toBe(decode(content));
          return `${String(index + 1).padStart(6)}\t${decode(kept)}${formatClipMarker(clip)}`;
        });
        if (lines.length > 0) expect(page.text.startsWith(rows.join('\n'))).toBe(true);
        expect(page.lineCount).toBe(lines.length);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should deliver the same lines whatever the read chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(linesFile(), messyBytes()),
        fc.record({
          firstLine: fc.integer({ min: 1, max: 5 }),
          lineCount: fc.integer({ min: 1, max: 10 }),
          maxHeadBytes: fc.integer({ min: 1, max: 16 }),
        }),
        fc.integer({ min: 1, max: 40 }),
        async (bytes, range, chunkBytes) => {
          const file = memoryFile(bytes);
          expect(await scanAll(file, range, chunkBytes)).toEqual(await scanAll(file, range, 1 << 16));
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same lines when paging by nextLine as when reading at once', async () => {
    await fc.assert(
      fc.asyncProperty(linesFile(), fc.integer({ min: 1, max: 3 }), async (bytes, limit) => {
        const handle = memoryFile(bytes);
        const whole = await readLines(handle, { maxLineBytes: 8, maxLines: 100 });
        const rows: string[] = [];
        for (let fromLine = 1; ; ) {
          const page = await readLines(handle, { fromLine, maxLines: limit, maxLineBytes: 8 });
          if (page.lineCount > 0) rows.push(page.text.split('\n\n')[0] as string);
          if (page.eof) break;
          fromLine = page.nextLine;
        }
        expect(rows.join('\n')).toBe(whole.lineCount > 0 ? (whole.text.split('\n\n')[0] as string) : '');
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should find the line holding any byte, whatever the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.constantFrom('a', 'bc', '\n', '\r\n', 'é'), { maxLength: 60 })
          .map((parts) => Buffer.from(parts.join(''))),
        fc.nat(400),
        fc.integer({ min: 1, max: 9 }),
        async (bytes, rawOffset, chunkBytes) => {
          const offset = rawOffset % (bytes.length + 3);
          const before = bytes.subarray(0, Math.min(offset, bytes.length));
          const lfs = before.filter((byte) => byte === 0x0a).length;
          const lastLf = before.lastIndexOf(0x0a);
          const pastEnd = offset >= bytes.length && bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a;
          const expected = pastEnd
            ? { offset: bytes.length, line: lfs + 2 }
            : { offset: lastLf + 1, line: lfs + 1 };
          expect(await findLineAt(memoryFile(bytes), offset, bytes.length, chunkBytes)).toEqual(expected);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
