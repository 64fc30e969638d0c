import { isUtf8 } from 'node:buffer';
import { nodeByteOps } from '@pipeguard/shared';
import { chunkedUtf8, cutAt, cutsFor, driveCore, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitterCore, type LineSplitterStats } from '../src/core';
import type { LineBatch, LineUnit } from '../src/index';

/** Bytes rich in what the splitter cares about: LF, CR, CRLF, multi-byte UTF-8 and stray bytes. */
const lineBytes = fc
  .array(
    fc.oneof(
      fc.constantFrom('\n', '\r', '\r\n', 'ab', 'xyz'),
      fc.constantFrom('é', '€', '中文', '😀').map((text) => Buffer.from(text)),
      fc.uint8Array({ minLength: 1, maxLength: 3 }),
    ),
    { maxLength: 60 },
  )
  .map((pieces) => Buffer.concat(pieces.map((piece) => Buffer.from(piece))));

const chunkedLines = lineBytes.chain((bytes) =>
  cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })),
);

const options = fc.record({ maxUnitBytes: fc.integer({ min: 4, max: 24 }), batched: fc.boolean() });

interface Run {
  units: LineUnit[];
  batches: LineBatch[];
  stats: LineSplitterStats;
  pendingAfterWrites: number[];
}

/** Drives the splitter's core (the Node stage is a shell over it: line-splitter.shell.test.ts). */
function run(chunks: Buffer[], splitterOptions: { maxUnitBytes: number; batched: boolean }): Run {
  const splitter = new LineSplitterCore({ ...splitterOptions, byteOps: nodeByteOps });
  const items: (LineUnit | LineBatch)[] = [];
  const emit = (item: unknown) => items.push(item as LineUnit | LineBatch);
  const pendingAfterWrites: number[] = [];
  for (const chunk of chunks) {
    splitter.write(chunk, emit);
    pendingAfterWrites.push(splitter.stats.pendingBytes);
  }
  splitter.end(emit);
  const batches = splitterOptions.batched ? (items as LineBatch[]) : [];
  const units = splitterOptions.batched ? batches.flatMap((batch) => batch.units) : (items as LineUnit[]);
  return { units, batches, stats: splitter.stats, pendingAfterWrites };
}

const rows = (units: LineUnit[]) =>
  units.map((unit) => [unit.bytes.toString('hex'), unit.terminator, unit.offset]);

describe('LineSplitter properties', () => {
  it('should give the same units and stats for any chunking of the input, batched or not', () => {
    fc.assert(
      fc.property(chunkedLines, options, ({ bytes, chunks }, splitterOptions) => {
        const whole = run([bytes], { ...splitterOptions, batched: false });
        const chunked = run(chunks, splitterOptions);
        expect(rows(chunked.units)).toEqual(rows(whole.units));
        expect(chunked.stats).toEqual(whole.stats);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should reproduce the input exactly from units and terminators, at the right offsets', () => {
    fc.assert(
      fc.property(chunkedLines, options, ({ bytes, chunks }, splitterOptions) => {
        const { units, stats } = run(chunks, splitterOptions);
        let offset = 0;
        for (const unit of units) {
          expect(unit.offset).toBe(offset);
          expect(unit.bytes.length).toBeLessThanOrEqual(splitterOptions.maxUnitBytes);
          expect(unit.bytes.includes(0x0a) || unit.bytes.includes(0x0d)).toBe(false);
          offset += unit.bytes.length + unit.terminator.length;
        }
        const rebuilt = Buffer.concat(units.flatMap((unit) => [unit.bytes, Buffer.from(unit.terminator)]));
        expect(rebuilt.toString('hex')).toBe(bytes.toString('hex'));
        const unterminated = units.slice(0, -1).filter((unit) => unit.terminator === '').length;
        expect(stats).toMatchObject({
          bytes: bytes.length,
          units: units.length,
          forcedFlushes: unterminated,
        });
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should never split a character across units when the input is valid UTF-8', () => {
    fc.assert(
      fc.property(chunkedUtf8(120), options, ({ text, chunks }, splitterOptions) => {
        const { units } = run(chunks, splitterOptions);
        for (const unit of units) expect(isUtf8(unit.bytes)).toBe(true);
        expect(units.map((unit) => unit.bytes.toString() + unit.terminator).join('')).toBe(text);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should hold at most maxUnitBytes (+1 for a CR) between writes, whatever the input', () => {
    fc.assert(
      fc.property(chunkedLines, options, ({ chunks }, splitterOptions) => {
        const { pendingAfterWrites } = run(chunks, splitterOptions);
        for (const pending of pendingAfterWrites) {
          expect(pending).toBeLessThanOrEqual(splitterOptions.maxUnitBytes + 1);
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give each batch unitCount and longestUnitBytes of its units, building them only when read', () => {
    fc.assert(
      fc.property(chunkedLines, fc.integer({ min: 4, max: 24 }), ({ chunks }, maxUnitBytes) => {
        const splitter = new LineSplitterCore({ maxUnitBytes, batched: true, byteOps: nodeByteOps });
        const batches = driveCore(splitter, chunks) as LineBatch[];
        const numbers = batches.map((batch) => [batch.unitCount, batch.longestUnitBytes]);
        expect(splitter.stats.builtUnits).toBe(0);
        const fromUnits = batches.map(({ units }) => [
          units.length,
          Math.max(0, ...units.map((unit) => unit.bytes.length)),
        ]);
        expect(numbers).toEqual(fromUnits);
        expect(splitter.stats.builtUnits).toBe(splitter.stats.units);
        for (const batch of batches) expect(batch.units).toBe(batch.units);
        expect(splitter.stats.builtUnits).toBe(splitter.stats.units);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should make each batch the exact bytes of its units, which are views into it', () => {
    fc.assert(
      fc.property(chunkedLines, fc.integer({ min: 4, max: 24 }), ({ chunks }, maxUnitBytes) => {
        const { batches } = run(chunks, { maxUnitBytes, batched: true });
        for (const batch of batches) {
          expect(batch.units.length).toBeGreaterThan(0);
          const joined = Buffer.concat(
            batch.units.flatMap((unit) => [unit.bytes, Buffer.from(unit.terminator)]),
          );
          expect(joined.toString('hex')).toBe(Buffer.from(batch.bytes).toString('hex'));
          for (const unit of batch.units) {
            expect(unit.bytes.buffer).toBe(batch.bytes.buffer);
            expect(unit.bytes.byteOffset - batch.bytes.byteOffset).toBe(unit.offset - batch.offset);
          }
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
