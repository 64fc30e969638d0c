import { nodeByteOps } from '@pipeguard/shared';
import { cutAt, cutsFor, driveCoreBytes, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatFolderCore } from '../src/core';
import type { BytePositions } from '../src/line-feeds';

const RUNS = propertyRuns(1000);

/** Lines from a small set, so runs of repeats are common, CRLF and an unterminated end included. */
const input = fc
  .array(fc.constantFrom('a\n', 'a\n', 'bb\n', 'é\n', 'c\r\n', '\n', 'x'.repeat(12), 'z'), {
    maxLength: 80,
    size: 'max',
  })
  .map((lines) => Buffer.from(lines.join('')))
  .chain((bytes) => cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })));

/** Drives the folder's core (the Node stage is a shell over it: repeat-folder.shell.test.ts). */
function fold(chunks: Buffer[], maxFoldLineBytes: number) {
  const folder = new RepeatFolderCore({ maxFoldLineBytes, byteOps: nodeByteOps });
  const output = driveCoreBytes(folder, chunks);
  return { output, stats: folder.stats, folder };
}

/** A bulk search from `Buffer#indexOf`, in windows of `windowBytes` (small: lines straddle them). */
function windowedSearch(windowBytes: number): BytePositions {
  return {
    windowBytes,
    find(bytes, from, a, b) {
      const window = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).subarray(
        0,
        from + windowBytes,
      );
      const found = new Set<number>();
      for (const byte of [a, b])
        for (let at = window.indexOf(byte, from); at !== -1; at = window.indexOf(byte, at + 1)) found.add(at);
      return Int32Array.from([...found].sort((x, y) => x - y));
    },
  };
}

/** Replaces each notice with N copies of the line before it. */
function unfold(output: Buffer): Buffer {
  const lines = output.toString('latin1').split(/(?<=\n)/);
  const result: string[] = [];
  for (const line of lines) {
    // "1 more time", "2 more times": a notice in the wrong number is not a notice, and the bytes differ.
    const notice = /^\[previous line repeated (?:(1) more time|([2-9]|\d\d+) more times)\]\n$/.exec(line);
    if (notice)
      result.push(...Array.from({ length: Number(notice[1] ?? notice[2]) }, () => result.at(-1) as string));
    else result.push(line);
  }
  return Buffer.from(result.join(''), 'latin1');
}

// Bytes compare as hex strings: `toEqual` walks a Buffer byte by byte as an iterable, which made
// 10 000 fuzz runs take minutes; the hex string compares the same bytes at once.
describe('RepeatFolder properties', () => {
  it('should reproduce the input when each notice is unfolded into N copies', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 16 }), ({ bytes, chunks }, maxFoldLineBytes) => {
        const { output, stats } = fold(chunks, maxFoldLineBytes);
        expect(unfold(output).toString('hex')).toBe(bytes.toString('hex'));
        expect(stats.outputBytes).toBe(output.length);
        expect(stats.inputBytes - stats.foldedBytes + stats.noticeBytes).toBe(output.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('should give the same output and stats for any chunking, and never two equal foldable lines in a row', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 16 }), ({ bytes, chunks }, maxFoldLineBytes) => {
        const chunked = fold(chunks, maxFoldLineBytes);
        const whole = fold([bytes], maxFoldLineBytes);
        expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
        expect(chunked.stats).toEqual(whole.stats);
        const lines = whole.output.toString('latin1').split(/(?<=\n)/);
        for (let index = 1; index < lines.length; index++) {
          const line = lines[index] as string;
          if (line.endsWith('\n') && line.length <= maxFoldLineBytes) expect(line).not.toBe(lines[index - 1]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('should give the output and stats of a search per line with a bulk search (bytePositions) over any window', () => {
    fc.assert(
      fc.property(
        input,
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        ({ chunks }, maxFoldLineBytes, windowBytes) => {
          const bulk = new RepeatFolderCore({
            maxFoldLineBytes,
            byteOps: nodeByteOps,
            bytePositions: windowedSearch(windowBytes),
          });
          const output = driveCoreBytes(bulk, chunks);
          const reference = fold(chunks, maxFoldLineBytes);
          expect(output.toString('hex')).toBe(reference.output.toString('hex'));
          expect(bulk.stats).toEqual(reference.stats);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should map every output byte to the input line it came from', () => {
    fc.assert(
      fc.property(input, ({ bytes, chunks }) => {
        const { output, folder } = fold(chunks, 8);
        const lines = output.toString('latin1').split(/(?<=\n)/);
        let offset = 0;
        for (const line of lines) {
          const source = folder.sourceOffsetOf(offset) as number;
          if (line.startsWith('[previous line repeated')) {
            expect(source === 0 || bytes[source - 1] === 0x0a).toBe(true);
          } else {
            expect(bytes.subarray(source, source + line.length).toString('latin1')).toBe(line);
          }
          offset += line.length;
        }
      }),
      { numRuns: RUNS },
    );
  });
});
