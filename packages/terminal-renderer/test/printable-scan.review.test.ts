import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrintableScan } from '../src/printable-scan';
import { byteLoop, isPrintable } from './byte-loop';

/** The first index at or after `at` before `end` whose byte is not printable ASCII, a byte at a time. */
const byteEnd = (bytes: Uint8Array, at: number, end: number) => byteLoop(bytes, at, end, isPrintable);

/**
 * Bytes at the bounds of the word arithmetic: controls a renderer meets (NUL, BS, TAB, LF, CR, ESC, US), the
 * printable bounds and their neighbours (space, `!`, `@`, `A`, `~`, DEL), C1 bytes raw (0x80, 0x85, 0x9B, 0x9F),
 * UTF-8 lead and continuation bytes, and 0xFF.
 */
const EDGE_BYTES = [
  0x00, 0x08, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x20, 0x21, 0x40, 0x41, 0x7e, 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0xbf,
  0xc2, 0xe2, 0xf0, 0xff,
];
/** The edge bytes beside a run: one of each kind (a control, the printable bounds, DEL, C1, a lead byte). */
const BESIDE_BYTES = [0x00, 0x08, 0x0d, 0x1b, 0x1f, 0x20, 0x21, 0x7e, 0x7f, 0x80, 0x9b, 0xc2, 0xff];

/** `length` bytes at `offset` of a buffer (a view at every alignment to 4- and 8-byte words), all `fill`. */
function viewOf(length: number, offset: number, fill: number): Uint8Array {
  return new Uint8Array(length + offset + 8)
    .fill(0xff)
    .subarray(offset, offset + length)
    .fill(fill);
}

describe('PrintableScan (review of its word reads)', () => {
  it('should end a run of 0-9 bytes where a byte loop does, at every alignment, with any edge byte before it and after it', () => {
    // One scan for every call, as a write's control search keeps one: the calls run through its optimized code.
    const scan = new PrintableScan();
    const failures: string[] = [];
    for (let offset = 0; offset < 8; offset++) {
      for (let length = 1; length <= 14; length++) {
        for (let at = 0; at < length; at++) {
          for (let run = 0; run <= Math.min(9, length - at); run++) {
            for (const before of BESIDE_BYTES) {
              for (const after of BESIDE_BYTES) {
                // NUL or DEL up to the byte before the run (by the offset's parity), the run of `~` and space, then
                // `after`, then the same far byte.
                const bytes = viewOf(length, offset, offset % 2 === 0 ? 0x00 : 0x7f);
                if (at > 0) bytes[at - 1] = before;
                for (let index = at; index < at + run; index++) bytes[index] = index % 2 === 0 ? 0x7e : 0x20;
                if (at + run < length) bytes[at + run] = after;
                for (const end of new Set([at + run, Math.min(at + run + 1, length), length])) {
                  const found = scan.end(bytes, at, end);
                  const expected = byteEnd(bytes, at, end);
                  if (found !== expected && failures.length < 10)
                    failures.push(
                      `[${[...bytes].join(',')}] offset ${offset} at ${at} end ${end}: ${found}, not ${expected}`,
                    );
                }
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('should end every run of a buffer where a byte loop does when scanned on from each stop, as the control search does', () => {
    const scan = new PrintableScan();
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            { weight: 5, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
            { weight: 2, arbitrary: fc.constantFrom(...EDGE_BYTES) },
          ),
          { maxLength: 40 },
        ),
        fc.nat(7),
        (values, offset) => {
          const bytes = viewOf(values.length, offset, 0);
          bytes.set(values);
          scan.forget();
          for (let at = 0; at < bytes.length; ) {
            const stop = scan.end(bytes, at, bytes.length);
            expect(stop).toBe(byteEnd(bytes, at, bytes.length));
            at = stop + 1;
          }
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('should read a buffer refilled in place afresh after forget, at the same offsets', () => {
    // A writer that refills one buffer hands the same array with other bytes: a short run then sits where a
    // control did, and the reverse.
    const scan = new PrintableScan();
    const bytes = viewOf(12, 3, 0x41);
    for (let position = 0; position < 12; position++) {
      for (const control of [0x0d, 0x1b, 0x7f, 0x9b]) {
        bytes.fill(0x41);
        bytes[position] = control;
        scan.forget();
        for (let at = 0; at < 12; at++) expect(scan.end(bytes, at, 12)).toBe(byteEnd(bytes, at, 12));
      }
    }
  });
});
