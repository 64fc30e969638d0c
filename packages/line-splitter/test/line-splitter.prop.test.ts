import { isUtf8 } from 'node:buffer';
import { pipeline } from 'node:stream/promises';
import { chunkedUtf8, collect, cutAt, cutsFor, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LineBatch, LineSplitter, type LineUnit } from '../src/index';

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
  stats: LineSplitter['stats'];
  pendingAfterWrites: number[];
}

async function run(
  chunks: Buffer[],
  splitterOptions: { maxUnitBytes: number; batched: boolean },
): Promise<Run> {
  const splitter = new LineSplitter(splitterOptions);
  const out = collect<LineUnit | LineBatch>(splitter);
  const pendingAfterWrites: number[] = [];
  for (const chunk of chunks) {
    await new Promise((resolve) => splitter.write(chunk, resolve));
    pendingAfterWrites.push(splitter.stats.pendingBytes);
  }
  splitter.end();
  const items = await out;
  const batches = splitterOptions.batched ? (items as LineBatch[]) : [];
  const units = splitterOptions.batched ? batches.flatMap((batch) => batch.units) : (items as LineUnit[]);
  return { units, batches, stats: splitter.stats, pendingAfterWrites };
}

const rows = (units: LineUnit[]) =>
  units.map((unit) => [unit.bytes.toString('hex'), unit.terminator, unit.offset]);

describe('LineSplitter properties', () => {
  it('should give the same units and stats for any chunking of the input, batched or not', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedLines, options, async ({ bytes, chunks }, splitterOptions) => {
        const whole = await run([bytes], { ...splitterOptions, batched: false });
        const chunked = await run(chunks, splitterOptions);
        expect(rows(chunked.units)).toEqual(rows(whole.units));
        expect(chunked.stats).toEqual(whole.stats);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should reproduce the input exactly from units and terminators, at the right offsets', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedLines, options, async ({ bytes, chunks }, splitterOptions) => {
        const { units, stats } = await run(chunks, splitterOptions);
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

  it('should never split a character across units when the input is valid UTF-8', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedUtf8(120), options, async ({ text, chunks }, splitterOptions) => {
        const { units } = await run(chunks, splitterOptions);
        for (const unit of units) expect(isUtf8(unit.bytes)).toBe(true);
        expect(units.map((unit) => unit.bytes.toString() + unit.terminator).join('')).toBe(text);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should hold at most maxUnitBytes (+1 for a CR) between writes, whatever the input', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedLines, options, async ({ chunks }, splitterOptions) => {
        const { pendingAfterWrites } = await run(chunks, splitterOptions);
        for (const pending of pendingAfterWrites) {
          expect(pending).toBeLessThanOrEqual(splitterOptions.maxUnitBytes + 1);
        }
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('should give each batch unitCount and longestUnitBytes of its units, building them only when read', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedLines, fc.integer({ min: 4, max: 24 }), async ({ chunks }, maxUnitBytes) => {
        const splitter = new LineSplitter({ maxUnitBytes, batched: true });
        const [batches] = await Promise.all([collect<LineBatch>(splitter), pipeline(feed(chunks), splitter)]);
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

  it('should make each batch the exact bytes of its units, which are views into it', async () => {
    await fc.assert(
      fc.asyncProperty(chunkedLines, fc.integer({ min: 4, max: 24 }), async ({ chunks }, maxUnitBytes) => {
        const { batches } = await run(chunks, { maxUnitBytes, batched: true });
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
