import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LINE_END_CR,
  LINE_END_CRLF,
  LINE_END_LF,
  LINE_END_NONE,
  LineEndScanner,
  type LineEndStop,
  lineEndLength,
  portableByteOps,
} from '../src/core';
import { nodeByteOps } from '../src/index';

interface Found {
  ends: number[];
  codes: number[];
  next: number;
  stop: LineEndStop;
  longest: number;
}

interface Scan {
  chunk: Uint8Array;
  start: number;
  offset: number;
  maxLineBytes: number;
  maxCount: number;
}

/**
 * The scan byte by byte, with a caller that cuts a long line at `maxLineBytes` and goes on (as the line
 * splitter does), until the scan ends, counts out or stops at a CR that ends the chunk.
 */
function reference({ chunk, start, offset, maxLineBytes, maxCount }: Scan): Found {
  const found: Found = { ends: [], codes: [], next: start, stop: 'end', longest: 0 };
  const push = (end: number, code: number, from: number): void => {
    if (from >= offset) found.longest = Math.max(found.longest, end - from);
    found.ends.push(end);
    found.codes.push(code);
  };
  let from = start;
  for (;;) {
    if (found.ends.length >= maxCount) {
      found.stop = 'count';
      break;
    }
    let at = Math.max(0, from - offset);
    while (at < chunk.length && chunk[at] !== 0x0a && chunk[at] !== 0x0d) at++;
    const end = at + offset;
    if (end - from > maxLineBytes) {
      push(from + maxLineBytes, LINE_END_NONE, from);
      from += maxLineBytes;
      continue;
    }
    if (at === chunk.length) break;
    let code = LINE_END_LF;
    if (chunk[at] === 0x0d) {
      if (at + 1 === chunk.length) {
        found.stop = 'cr';
        break;
      }
      code = chunk[at + 1] === 0x0a ? LINE_END_CRLF : LINE_END_CR;
    }
    push(end, code, from);
    from = end + lineEndLength(code);
  }
  found.next = from;
  return found;
}

function scanWith(scanner: LineEndScanner, { chunk, start, offset, maxLineBytes, maxCount }: Scan): Found {
  scanner.clear();
  let stop = scanner.scan(chunk, start, offset, maxLineBytes, maxCount);
  while (stop === 'long') {
    const cut = scanner.next + maxLineBytes;
    if (scanner.next >= offset) scanner.longest = Math.max(scanner.longest, maxLineBytes);
    scanner.push(cut, LINE_END_NONE);
    stop = scanner.resume(cut, maxCount - scanner.count);
  }
  return {
    ends: [...scanner.ends.subarray(0, scanner.count)],
    codes: [...scanner.codes.subarray(0, scanner.count)],
    next: scanner.next,
    stop,
    longest: scanner.longest,
  };
}

// Line ends close together, in every combination: LF runs, CRLF, lone CRs, a CR at the very end.
const lineBytes = fc
  .array(fc.constantFrom(0x0a, 0x0d, 0x41, 0x42, 0xe4), { maxLength: 600 })
  .map((bytes) => Uint8Array.from(bytes));
const scans = fc
  .record({
    chunk: lineBytes,
    before: fc.nat(40),
    offset: fc.nat(40),
    maxLineBytes: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constant(Number.POSITIVE_INFINITY)),
    maxCount: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constant(Number.POSITIVE_INFINITY)),
  })
  .map(({ chunk, before, offset, maxLineBytes, maxCount }) => ({
    chunk,
    offset,
    // A line that began before the chunk, at most `offset` bytes before it, as a splitter's pending bytes.
    start: offset - Math.min(before, offset),
    maxLineBytes,
    maxCount,
  }));

describe('LineEndScanner', () => {
  it('should find every line end a byte-by-byte walk finds, with its kind, the next start and the stop', () => {
    fc.assert(
      fc.property(scans, (scan) => {
        const expected = reference(scan);
        expect(scanWith(new LineEndScanner(), scan)).toEqual(expected);
        expect(scanWith(new LineEndScanner(portableByteOps), scan)).toEqual(expected);
        expect(
          scanWith(new LineEndScanner(nodeByteOps), { ...scan, chunk: Buffer.from(scan.chunk) }),
        ).toEqual(expected);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should count the same line ends, next start and stop when made to count only', () => {
    fc.assert(
      fc.property(scans, (scan) => {
        const { chunk, start, offset, maxCount } = scan;
        const expected = reference({ ...scan, maxLineBytes: Number.POSITIVE_INFINITY });
        const scanner = new LineEndScanner(undefined, false);
        const stop = scanner.scan(chunk, start, offset, Number.POSITIVE_INFINITY, maxCount);
        expect({ count: scanner.count, next: scanner.next, stop }).toEqual({
          count: expected.ends.length,
          next: expected.next,
          stop: expected.stop,
        });
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should give each scan its own answer when one scanner and one array are reused with new bytes', () => {
    fc.assert(
      fc.property(fc.array(scans, { minLength: 2, maxLength: 5 }), (list) => {
        const scanner = new LineEndScanner();
        const shared = new Uint8Array(600);
        for (const scan of list) {
          // The writer reuses its array: what the scanner found in the old bytes must not be taken for the new.
          shared.fill(0x41);
          shared.set(scan.chunk);
          expect(scanWith(scanner, { ...scan, chunk: shared })).toEqual(
            reference({ ...scan, chunk: Uint8Array.from(shared) }),
          );
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
