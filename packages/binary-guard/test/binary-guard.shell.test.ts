import { cutAt, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { prose, seededBytes } from './corpus';
import { guardCore, runGuard } from './run-guard';

const part = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }).map((text) => Buffer.from(text)),
  fc.nat({ max: 3000 }).map((length) => Buffer.from(prose(['Zoë’s café 🚀 line', 'plain'], length))),
  fc
    .nat({ max: 3000 })
    .map((length) => iconv.encode(prose(['Всё смешалось в доме Облонских.'], length), 'cp1251')),
  fc.nat({ max: 3000 }).map((length) => seededBytes(length, String(length))),
);
const input = fc
  .tuple(fc.array(part, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 12 }))
  .map(([parts, cuts]) => {
    const bytes = Buffer.concat(parts);
    return cutAt(
      bytes,
      cuts.map((cut) => cut % (bytes.length + 1)),
    );
  });

describe('BinaryGuard, the Node shell over BinaryGuardCore', () => {
  it('should emit what the core emits, with the same stats and offsets, for any input, chunking and consumer', async () => {
    await fc.assert(
      fc.asyncProperty(
        input,
        fc.integer({ min: 1024, max: 4096 }),
        fc.constantFrom('flowing' as const, 'slow' as const),
        async (chunks, guardWindowBytes, consumer) => {
          const core = guardCore(chunks, { guardWindowBytes });
          // Behind a slow consumer the guard's output backs up and its callbacks wait for the consumer.
          const stage = await runGuard(chunks, { guardWindowBytes }, consumer);
          expect(stage.output.toString('hex')).toBe(core.output.toString('hex'));
          expect(stage.guard.stats).toEqual(core.guard.stats);
          for (let offset = 0; offset <= stage.output.length; offset += 97)
            expect(stage.guard.sourceOffsetOf(offset)).toBe(core.guard.sourceOffsetOf(offset));
        },
      ),
      { numRuns: propertyRuns(50) },
    );
  });
});
