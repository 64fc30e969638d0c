import { propertyRuns, unicodeText } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LiveEvent, type LiveLine, LiveLines } from '../src/index';

/** Takes the events ready now, at most `count`, without waiting for more. */
async function take(
  iterator: AsyncIterator<LiveEvent>,
  count: number,
  live: LiveLines,
): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let index = 0; index < count && live.stats.queuedLines > 0; index++) {
    const next = await iterator.next();
    if (next.done) break;
    events.push(next.value);
  }
  return events;
}

describe('LiveLines (properties)', () => {
  it('should account for every byte and line in order, dropped or delivered, whatever the chunking and the consumer', async () => {
    const text = fc.stringMatching(/^(?:[ab]{0,6}(?:\n|\r\n|\r))*[ab]{0,6}$/);
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        async (input, sizes, takes, maxQueuedLines) => {
          // Arrange
          const bytes = Buffer.from(input, 'latin1');
          const live = new LiveLines({ maxQueuedLines });
          const iterator = live[Symbol.asyncIterator]();
          const events: LiveEvent[] = [];
          // Act: chunks of the given sizes, the consumer taking a few events between them.
          let at = 0;
          for (let index = 0; at < bytes.length; index++) {
            const size = sizes[index % sizes.length] as number;
            live.write(bytes.subarray(at, at + size));
            at += size;
            events.push(...(await take(iterator, takes[index % takes.length] as number, live)));
          }
          live.end();
          for (let next = await iterator.next(); !next.done; next = await iterator.next())
            events.push(next.value);
          // Assert: the events tile the input; lines are its lines at their offsets.
          let offset = 0;
          let lines = 0;
          for (const event of events) {
            if (event.type === 'dropped') {
              offset += event.bytes;
              lines += event.lines;
              continue;
            }
            expect(event.offset).toBe(offset);
            const end = offset + event.text.length + event.terminator.length;
            expect(input.slice(offset, end)).toBe(event.text + event.terminator);
            offset = end;
            lines++;
          }
          expect(offset).toBe(bytes.length);
          const { lines: counted, deliveredLines, droppedLines } = live.stats;
          expect(lines).toBe(counted);
          expect(deliveredLines + droppedLines).toBe(counted);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should give the same text as TextDecoder for any UTF-8 text cut anywhere, long lines cut at maxUnitBytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        unicodeText(300),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.option(fc.integer({ min: 4, max: 64 }), { nil: undefined }),
        async (text, cuts, maxUnitBytes) => {
          const bytes = Buffer.from(text);
          const live = new LiveLines(maxUnitBytes === undefined ? {} : { maxUnitBytes });
          const positions = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          let start = 0;
          for (const position of [...positions, bytes.length]) {
            live.write(bytes.subarray(start, position));
            start = position;
          }
          live.end();
          const events: LiveLine[] = [];
          for await (const event of live) events.push(event as LiveLine);
          expect(events.map((line) => line.text + line.terminator).join('')).toBe(
            new TextDecoder().decode(bytes),
          );
          let offset = 0;
          for (const line of events) {
            expect(line.offset).toBe(offset);
            offset += Buffer.byteLength(line.text + line.terminator);
          }
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
