import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { collectBytes, feed } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { Readable, Writable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { type LiveEvent, type LiveLine, LiveLines, type LiveLinesOptions } from '../src/index';
import { LiveLinesTap } from '../src/live/live-tap';

const MiB = 1024 * 1024;

/** Collects every event of a consumer that takes each at once. */
async function consume(live: LiveLines): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for await (const event of live) events.push(event);
  return events;
}

const lineTexts = (events: LiveEvent[]) =>
  events.filter((event): event is LiveLine => event.type === 'line').map((line) => line.text);

/** A 64 KiB chunk of whole 64-byte log lines, referenced `count` times. */
function logChunks(count: number): Buffer[] {
  const line = `${'INFO worker 7 processed item 123456'.padEnd(63, '.')}\n`;
  const chunk = Buffer.from(line.repeat((64 * 1024) / line.length));
  return Array.from({ length: count }, () => chunk);
}

describe('LiveLines', () => {
  it.each([
    [
      { maxQueuedLines: 0 },
      RangeError,
      'The "maxQueuedLines" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { maxQueuedBytes: '1' },
      TypeError,
      `The "maxQueuedBytes" option must be of type number. Received type string ('1')`,
    ],
    [
      { maxQueueLines: 5 },
      TypeError,
      'The "options" argument has an unknown option "maxQueueLines" (did you mean "maxQueuedLines"?)',
    ],
    [
      { maxUnitBytes: 2 },
      RangeError,
      'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received 2',
    ],
    [
      { maxLineBytes: 0 },
      RangeError,
      'The "maxLineBytes" option must be a safe integer greater than or equal to 1. Received 0',
    ],
  ])('should throw for %o', (options, errorClass, message) => {
    expect(() => new LiveLines(options as LiveLinesOptions)).toThrow(errorClass);
    expect(() => new LiveLines(options as LiveLinesOptions)).toThrow(message);
  });

  it('should not mutate the options object', () => {
    // Frozen to the leaves: in strict-mode code a write to them throws, so constructing is the whole test.
    const options = Object.freeze({ fallback: Object.freeze(['gbk']), maxLineBytes: 10, maxQueuedLines: 5 });
    expect(() => new LiveLines(options as LiveLinesOptions)).not.toThrow();
  });

  it('should hand a fast consumer every line in order, with its terminator and offset', async () => {
    // Arrange: 20 000 lines in 64 KiB chunks, one chunk a turn of the event loop, as a pipe delivers them.
    const lines = Array.from({ length: 20_000 }, (_, index) => `line ${index} ${'x'.repeat(index % 90)}`);
    const bytes = Buffer.from(`${lines.join('\n')}\r\nlast, unfinished`);
    const live = new LiveLines();
    const consumed = consume(live);
    // Act
    for (let start = 0; start < bytes.length; start += 64 * 1024) {
      live.write(bytes.subarray(start, start + 64 * 1024));
      await nextTurn();
    }
    live.end();
    const events = await consumed;
    // Assert
    expect(lineTexts(events)).toEqual([...lines, 'last, unfinished']);
    expect(events.some((event) => event.type === 'dropped')).toBe(false);
    const last = events.at(-2) as LiveLine;
    expect(last).toEqual({
      type: 'line',
      text: lines.at(-1),
      terminator: '\r\n',
      offset: bytes.indexOf(lines.at(-1) as string, bytes.length - 200),
      clipped: false,
    });
    expect(live.stats).toMatchObject({
      lines: 20_001,
      deliveredLines: 20_001,
      droppedLines: 0,
      queuedLines: 0,
      queuedBytes: 0,
    });
  });

  it('should decode lines that are not UTF-8 with the fallback', async () => {
    const live = new LiveLines({ fallback: 'gbk' });
    live.write(Buffer.concat([iconv.encode('编译成功：0 个错误\n', 'gbk'), Buffer.from('UTF-8 stays: ü\n')]));
    live.end();
    expect(lineTexts(await consume(live))).toEqual(['编译成功：0 个错误', 'UTF-8 stays: ü']);
  });

  it('should clip a line at maxLineBytes with an exact marker', async () => {
    const live = new LiveLines({ maxLineBytes: 10 });
    live.write(Buffer.from(`short\n${'a'.repeat(100)}\n`));
    live.end();
    const events = (await consume(live)) as LiveLine[];
    expect(events.map(({ text, clipped }) => ({ text, clipped }))).toEqual([
      { text: 'short', clipped: false },
      {
        text: `${'a'.repeat(10)}…[+90 bytes omitted, starting at byte offset 16 up to and including byte offset 105]`,
        clipped: true,
      },
    ]);
  });

  it('should drop newer lines while the queue is full and say where, in order', async () => {
    const live = new LiveLines({ maxQueuedLines: 2 });
    live.write(Buffer.from('one\ntwo\n'));
    live.write(Buffer.from('three\nfour\nfive\n'));
    live.write(Buffer.from('six\n'));
    const iterator = live[Symbol.asyncIterator]();
    expect(await iterator.next()).toMatchObject({ value: { type: 'line', text: 'one', offset: 0 } });
    expect(await iterator.next()).toMatchObject({ value: { type: 'line', text: 'two', offset: 4 } });
    live.write(Buffer.from('seven\n'));
    live.end();
    expect((await consume2(iterator)).map((event) => (event.type === 'line' ? event.text : event))).toEqual([
      { type: 'dropped', lines: 4, bytes: 20 },
      'seven',
    ]);
    expect(live.stats).toMatchObject({ lines: 7, deliveredLines: 3, droppedLines: 4, droppedBytes: 20 });
  });

  it('should never hold the producer back: a consumer that stalls after its first line gets that line and counts the rest', async () => {
    // Arrange: the consumer takes one line, then waits for the producer to finish. A LiveLines that held
    // the producer back for its consumer would never finish (the test would time out).
    const live = new LiveLines({ maxQueuedLines: 20 });
    const chunks = logChunks(1024);
    const events: LiveEvent[] = [];
    let producerDone = (): void => {};
    const producerFinished = new Promise<void>((resolve) => {
      producerDone = resolve;
    });
    let linesTakenWhenProducerDone = -1;
    let maxQueuedBytes = 0;
    const consumer = (async () => {
      for await (const event of live) {
        events.push(event);
        maxQueuedBytes = Math.max(maxQueuedBytes, live.stats.queuedBytes);
        if (event.type === 'line') await producerFinished;
      }
    })();
    let sunkBytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        sunkBytes += chunk.length;
        maxQueuedBytes = Math.max(maxQueuedBytes, live.stats.queuedBytes);
        callback();
      },
    });
    // Act
    await pipeline([
      feed(chunks, { objectMode: false }),
      new LiveLinesTap(live),
      sink,
    ] as unknown as NodeJS.ReadWriteStream[]);
    linesTakenWhenProducerDone = lineTexts(events).length;
    producerDone();
    await consumer;
    // Assert: the million lines passed while the consumer held its first; all are accounted for.
    expect(sunkBytes).toBe(64 * MiB);
    expect(linesTakenWhenProducerDone).toBe(1);
    const totalLines = (64 * MiB) / 64;
    const delivered = lineTexts(events).length;
    const dropped = events.reduce((sum, event) => sum + (event.type === 'dropped' ? event.lines : 0), 0);
    expect(delivered + dropped).toBe(totalLines);
    expect(live.stats).toMatchObject({ lines: totalLines, deliveredLines: delivered, droppedLines: dropped });
    expect(dropped).toBeGreaterThan(totalLines - 200);
    expect(maxQueuedBytes).toBeLessThanOrEqual(20 * 64);
  }, 120_000);

  it('should bound what it holds when nobody consumes', () => {
    const live = new LiveLines({ maxQueuedBytes: 256 * 1024, maxQueuedLines: 1_000_000 });
    for (const chunk of logChunks(160)) live.write(chunk);
    const { queuedBytes, droppedLines, lines } = live.stats;
    expect(queuedBytes).toBe(256 * 1024);
    expect(droppedLines).toBe(lines - queuedBytes / 64);
  });

  it('should have one consumer, and stop splitting once it leaves', async () => {
    const live = new LiveLines();
    live.write(Buffer.from('a\nb\n'));
    for await (const event of live) {
      expect(event).toMatchObject({ text: 'a' });
      break;
    }
    live.write(Buffer.from('c\n'));
    expect(live.stats.lines).toBe(2);
    expect(() => live[Symbol.asyncIterator]()).toThrow('LiveLines has one consumer: it can be iterated once');
  });
});

describe('LiveLinesTap', () => {
  it('should pass the bytes unchanged and end the live lines with the stream', async () => {
    const live = new LiveLines();
    const consumed = consume(live);
    const bytes = Buffer.from('first\nsecond\nthird');
    const tap = new LiveLinesTap(live);
    const output = collectBytes(tap);
    await pipeline([
      Readable.from([bytes.subarray(0, 7), bytes.subarray(7)], { objectMode: false }),
      tap,
    ] as unknown as NodeJS.ReadWriteStream[]);
    expect((await output).equals(bytes)).toBe(true);
    expect(lineTexts(await consumed)).toEqual(['first', 'second', 'third']);
  });

  it('should end the live lines when the stream fails', async () => {
    const live = new LiveLines();
    const consumed = consume(live);
    const tap = new LiveLinesTap(live);
    tap.on('error', () => {});
    tap.write(Buffer.from('kept\n'));
    tap.destroy(new Error('source failed'));
    expect(lineTexts(await consumed)).toEqual(['kept']);
  });
});

async function consume2(iterator: AsyncIterator<LiveEvent>): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let result = await iterator.next(); !result.done; result = await iterator.next())
    events.push(result.value);
  return events;
}
