import { cutAt, cutsFor, propertyRuns, withoutRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaptureResult } from '../src/core';
import type { PipelineOptions } from '../src/index';
import { captureCores } from './capture-cores';

/** Terminal output as programs write it: lines that repeat, redraws, colours, errors, and any bytes. */
const piece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('ok\n', 'ok\n', 'compiling x.c\n', 'error: boom\n', '  at f (a.js:1:2)\n'),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\r',
      '\r\n',
      '\x1b[31m',
      '\x1b[0m',
      '\x1b[2K',
      '\x1b[1A',
      '\b',
      '\x1b]0;t\x07',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 16 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  },
);

const input = fc
  .array(fc.tuple(piece, fc.integer({ min: 1, max: 40 })), { maxLength: 60 })
  .map((pieces) => Buffer.from(pieces.map(([text, times]) => text.repeat(times)).join(''), 'latin1'))
  .chain((bytes) => cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })));

const options: fc.Arbitrary<PipelineOptions> = fc.record({
  maxBytes: fc.oneof(fc.nat({ max: 3000 }), fc.constant(null)),
  keep: fc.constantFrom('head', 'tail', 'both'),
  render: fc.constantFrom('raw', 'terminal'),
  foldRepeats: fc.boolean(),
  keepMatches: fc.constantFrom(false, true, 'ok', ['error', /at \w+ \(/]),
  context: fc.nat({ max: 3 }),
  contextBefore: fc.nat({ max: 2 }),
  cutAt: fc.constantFrom('byte', 'line'),
  binaryGuard: fc.boolean(),
  guardWindowBytes: fc.constant(1024),
  fallback: fc.constantFrom(null, 'cp1252'),
  maxLiveLines: fc.integer({ min: 1, max: 8 }),
});

/**
 * A capture as `toEqual` compares it cheaply: each excerpt's bytes as hex (a Buffer is walked byte by
 * byte as an iterable, which made 10 000 fuzz runs take minutes), and, when rendered, without raw offsets.
 */
const comparable = (capture: CaptureResult<Uint8Array>) => {
  const rendered = capture.renderer !== null;
  return {
    ...capture,
    // The excerpts' headers name raw offsets too: "[line 2, byte 4]".
    text: rendered ? capture.text.replace(/(\[line \d+), byte \d+\]/g, '$1, byte ?]') : capture.text,
    // …which moves the placeholder that comes after them.
    placeholderIndex: rendered ? null : capture.placeholderIndex,
    omittedSourceStart: rendered ? null : capture.omittedSourceStart,
    excerpts: capture.excerpts.map((excerpt) => ({
      ...excerpt,
      offset: rendered ? null : excerpt.offset,
      bytes: Buffer.from(excerpt.bytes).toString('hex'),
    })),
  };
};

const accountedFor = (capture: CaptureResult<Uint8Array>) =>
  capture.keptBytes +
  capture.omittedBytes +
  capture.withheldBytes +
  capture.renderedAwayBytes +
  capture.foldedBytes;

describe('pipeline conservation', () => {
  it('should account for every raw byte as kept, omitted, withheld, rendered away or folded, for any input, chunking and options', () => {
    fc.assert(
      fc.property(input, options, ({ bytes, chunks }, settings) => {
        const chunked = captureCores(chunks, settings).capture;
        const whole = captureCores([bytes], settings).capture;
        // The renderer's map may name a line's start or an exact offset in it depending on chunking
        // ("\rok" cut after "\ro": 0, whole: 1), and a line under 16 bytes the start of the line before
        // it, so rendered captures compare without raw offsets (in the excerpts' headers as well).
        expect(comparable(chunked)).toEqual(comparable(whole));
        expect(chunked.bytes).toBe(bytes.length);
        if (chunked.transcodedFrom === null) expect(accountedFor(chunked)).toBe(bytes.length);
        if (typeof settings.maxBytes === 'number')
          expect(chunked.keptBytes).toBeLessThanOrEqual(settings.maxBytes);
        if (chunked.marker !== null)
          expect(chunked.text.startsWith(chunked.marker, chunked.markerIndex as number)).toBe(true);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give excerpts their exact raw offsets when neither rendering nor folding', () => {
    fc.assert(
      fc.property(input, options, ({ bytes, chunks }, settings) => {
        const { capture, cores } = captureCores(chunks, { ...settings, render: 'raw', foldRepeats: false });
        if (capture.transcodedFrom !== null) return;
        expect(capture.rawOffsetsExact).toBe(true);
        // A line of the guard's output may join the text before a withheld run with the text after it:
        // each excerpt starts at its raw offset and goes on in the bytes the guard passed.
        const guardStats = cores.guard?.stats;
        if (guardStats !== undefined && guardStats.withheldRunCount > guardStats.withheldRuns.length) return;
        const runs = guardStats?.withheldRuns ?? [];
        const passed = withoutRuns(bytes, runs);
        for (const excerpt of capture.excerpts) {
          const offset = excerpt.offset as number;
          expect(runs.some((run) => offset >= run.offset && offset < run.offset + run.bytes)).toBe(false);
          const passedOffset =
            offset - runs.filter((run) => run.offset < offset).reduce((sum, run) => sum + run.bytes, 0);
          expect(passed.subarray(passedOffset, passedOffset + excerpt.bytes.length).toString('hex')).toBe(
            Buffer.from(excerpt.bytes).toString('hex'),
          );
        }
        if (capture.truncated && capture.withheldBytes === 0)
          expect(capture.omittedSourceStart).toBe(capture.omittedStart);
        // Text resumes after withheld binary: the raw start lies that much further at most.
        if (capture.truncated && capture.omittedSourceStart !== null) {
          const start = capture.omittedStart as number;
          expect(capture.omittedSourceStart).toBeGreaterThanOrEqual(start);
          expect(capture.omittedSourceStart).toBeLessThanOrEqual(start + capture.withheldBytes);
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
