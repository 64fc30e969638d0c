import { isUtf8 } from 'node:buffer';
import { nodeByteOps } from '@pipeguard/shared';
import { chunkedBytes, chunkedUtf8, driveCore, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedSinkCore } from '../src/core';
import type { BoundedSinkResult, KeepMode } from '../src/index';

const keepMode = fc.constantFrom<KeepMode>('head', 'tail', 'both');

/** A limit around the input length (0, length ± 1, exact) or anywhere up to it. */
function limitFor(length: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, Math.max(0, length - 1), length, length + 1),
    fc.nat({ max: length + 2 }),
  );
}

/** Drives the sink's core (the Node stage is a shell over it: bounded-sink.shell.test.ts); its bytes are Buffers. */
async function capture(chunks: Buffer[], maxBytes: number, keep: KeepMode): Promise<BoundedSinkResult> {
  const [result] = driveCore(new BoundedSinkCore({ maxBytes, keep, byteOps: nodeByteOps }), chunks);
  return result as BoundedSinkResult;
}

/**
 * A result with its bytes as hex: `toEqual` on a Buffer walks it byte by byte as an iterable, which
 * made 10 000 fuzz runs take minutes; the hex string compares the same bytes at once.
 */
function comparable(result: BoundedSinkResult): object {
  return { ...result, bytes: result.bytes.toString('hex') };
}

function limits(maxBytes: number, keep: KeepMode): { head: number; tail: number } {
  if (keep === 'head') return { head: maxBytes, tail: 0 };
  if (keep === 'tail') return { head: 0, tail: maxBytes };
  return { head: Math.ceil(maxBytes / 2), tail: Math.floor(maxBytes / 2) };
}

describe('BoundedSink properties', () => {
  it('should conserve bytes and keep a head and tail of the input within 3 bytes of the limits', async () => {
    const input = chunkedBytes({ maxLength: 600 }).chain((sample) =>
      fc.tuple(fc.constant(sample), limitFor(sample.bytes.length), keepMode),
    );
    await fc.assert(
      fc.asyncProperty(input, async ([{ bytes, chunks }, maxBytes, keep]) => {
        const result = await capture(chunks, maxBytes, keep);
        expect(result.totalBytes).toBe(bytes.length);
        expect(result.keptBytes + result.omittedBytes).toBe(result.totalBytes);
        expect(result.bytes.length).toBe(result.keptBytes);
        if (bytes.length <= maxBytes) {
          expect(result.bytes.toString('hex')).toBe(bytes.toString('hex'));
          expect(result.truncated).toBe(false);
          return;
        }
        const { head, tail } = limits(maxBytes, keep);
        const keptHead = result.omittedStart as number;
        const keptTail = result.keptBytes - keptHead;
        expect(head - keptHead).toBeGreaterThanOrEqual(0);
        expect(head - keptHead).toBeLessThanOrEqual(3);
        expect(tail - keptTail).toBeGreaterThanOrEqual(0);
        expect(tail - keptTail).toBeLessThanOrEqual(3);
        const expected = Buffer.concat([
          bytes.subarray(0, keptHead),
          bytes.subarray(bytes.length - keptTail),
        ]);
        expect(result.bytes.toString('hex')).toBe(expected.toString('hex'));
        expect(result.text.slice(result.markerIndex as number)).toContain(result.marker as string);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should cut valid UTF-8 only between characters, keeping as much as the limit allows', async () => {
    const input = chunkedUtf8(300).chain((sample) =>
      fc.tuple(fc.constant(sample), limitFor(sample.bytes.length), keepMode),
    );
    await fc.assert(
      fc.asyncProperty(input, async ([{ text, bytes, chunks }, maxBytes, keep]) => {
        const result = await capture(chunks, maxBytes, keep);
        const keptHead = result.bytes.subarray(0, result.omittedStart ?? result.keptBytes);
        const keptTail = result.bytes.subarray(keptHead.length);
        expect(isUtf8(keptHead) && isUtf8(keptTail)).toBe(true);
        if (!result.truncated) {
          expect(result.text).toBe(text);
          return;
        }
        // The longest whole-character prefix and suffix that fit their limits.
        const { head, tail } = limits(maxBytes, keep);
        const characters = [...text];
        let prefix = '';
        for (const character of characters) {
          if (Buffer.byteLength(prefix + character) > head) break;
          prefix += character;
        }
        let suffix = '';
        for (const character of characters.reverse()) {
          if (Buffer.byteLength(character + suffix) > tail) break;
          suffix = character + suffix;
        }
        expect(keptHead.toString()).toBe(prefix);
        expect(keptTail.toString()).toBe(suffix);
        expect(bytes.length).toBe(result.totalBytes);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give the same result for any chunking of the same input', async () => {
    const input = chunkedBytes({ maxLength: 400 }).chain((sample) =>
      fc.tuple(fc.constant(sample), limitFor(sample.bytes.length), keepMode),
    );
    await fc.assert(
      fc.asyncProperty(input, async ([{ bytes, chunks }, maxBytes, keep]) => {
        const chunked = await capture(chunks, maxBytes, keep);
        const whole = await capture([bytes], maxBytes, keep);
        expect(comparable(chunked)).toEqual(comparable(whole));
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});

describe('BoundedSinkCore.keepsNoMore', () => {
  it('should say so only when what comes next can no longer change the result but for its counts', () => {
    fc.assert(
      fc.property(
        chunkedBytes({ maxLength: 300 }),
        keepMode,
        fc.nat({ max: 200 }),
        fc.boolean(),
        ({ chunks }, keep, maxBytes, matching) => {
          const options = {
            maxBytes,
            keep,
            byteOps: nodeByteOps,
            ...(matching ? { keepMatches: ['e'] } : {}),
          };
          const sink = new BoundedSinkCore(options);
          const other = new BoundedSinkCore(options);
          let saidSo = false;
          for (const chunk of chunks) {
            const now = sink.keepsNoMore;
            // Once it says so it keeps saying so.
            if (saidSo) expect(now).toBe(true);
            saidSo = now;
            sink.write(chunk);
            // From then on the other sink is given other bytes of the same length (which match 'e').
            other.write(saidSo ? Buffer.alloc(chunk.length, 0x65) : chunk);
          }
          // A tail to keep, or matching (a budget of at least a byte), always may keep what comes.
          if (limits(maxBytes, keep).tail > 0 || (matching && maxBytes >= 4))
            expect(sink.keepsNoMore).toBe(false);
          const [result] = driveCore(sink, []);
          const [otherResult] = driveCore(other, []);
          expect((otherResult as BoundedSinkResult).bytes.toString('hex')).toBe(
            (result as BoundedSinkResult).bytes.toString('hex'),
          );
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});
