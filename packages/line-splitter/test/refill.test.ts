import { chunksOf, writeFromOneBuffer } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { type LineBatch, LineSplitter, type LineUnit } from '../src/index';

// Lines of every length up to 120 bytes, some cut at the cap of 64: units span 40-byte writes.
const TEXT = Buffer.from(
  Array.from(
    { length: 60 },
    (_, index) => `${index}:${'é'.repeat(index)}${index % 3 === 0 ? '\r\n' : '\n'}`,
  ).join(''),
);

/** A unit or batch as text, taken as it comes. */
function shown(chunk: unknown): string {
  const batch = chunk as LineBatch;
  if ('unitCount' in batch) return batch.units.map(shownUnit).join('');
  return shownUnit(chunk as LineUnit);
}

function shownUnit(unit: LineUnit): string {
  return `${unit.offset}:${unit.bytes.toString('hex')}:${JSON.stringify(unit.terminator)}|`;
}

describe('LineSplitter and a writer that refills its buffer', () => {
  it.each([false, true])(
    'should split as chunks of their own give when each write reuses one buffer (batched: %s)',
    async (batched) => {
      const chunks = chunksOf(TEXT, 40);
      const own: string[] = [];
      const splitter = new LineSplitter({ maxUnitBytes: 64, batched });
      splitter.on('data', (chunk) => own.push(shown(chunk)));
      for (const chunk of chunks) splitter.write(Buffer.from(chunk));
      splitter.end();
      await new Promise((resolve) => splitter.on('end', resolve));
      const reused = await writeFromOneBuffer(new LineSplitter({ maxUnitBytes: 64, batched }), chunks, shown);
      expect(reused.join('')).toBe(own.join(''));
    },
  );
});
