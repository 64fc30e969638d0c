import { pipeline } from 'node:stream/promises';
import { cutAt, exposeGc, settledMemoryUsage, writeAll } from '@pipeguard/test-utils';
import { Readable } from 'readable-stream';
import { describe, expect, it, vi } from 'vitest';
import { BoundedSink, type KeepMode } from '../src/index';

const MiB = 1024 * 1024;

async function sinkOf(
  chunks: Iterable<Buffer | string>,
  options?: ConstructorParameters<typeof BoundedSink>[0],
) {
  const sink = new BoundedSink(options);
  await writeAll(sink, chunks);
  return sink.done;
}

describe('BoundedSink', () => {
  it('should keep small output unchanged with no marker', async () => {
    const result = await sinkOf(['hello ', 'world\n']);
    expect(result).toMatchObject({
      text: 'hello world\n',
      totalBytes: 12,
      keptBytes: 12,
      omittedBytes: 0,
      truncated: false,
      marker: null,
    });
  });

  it('should append the exact marker when 2 MiB are written with the default limit', async () => {
    const result = await sinkOf(Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 'x')));
    const marker = '...[stdout truncated: 1048576 of 2097152 bytes omitted; limit is 1048576 bytes]';
    expect(result.marker).toBe(marker);
    expect(result.text).toBe(`${'x'.repeat(MiB)}\n${marker}`);
    expect(result).toMatchObject({
      totalBytes: 2 * MiB,
      keptBytes: MiB,
      omittedBytes: MiB,
      truncated: true,
      omittedStart: MiB,
    });
    expect(result.text.indexOf(marker)).toBe(result.markerIndex);
  });

  it('should not truncate output exactly at the limit', async () => {
    const result = await sinkOf(['0123456789'], { maxBytes: 10 });
    expect(result).toMatchObject({ text: '0123456789', truncated: false, marker: null, omittedBytes: 0 });
  });

  it('should put the marker first when keeping the tail, with the label', async () => {
    const result = await sinkOf(['line 1\n', 'line 2\n', 'error: boom\n'], {
      maxBytes: 12,
      keep: 'tail',
      label: 'stderr',
    });
    expect(result.text).toBe(
      '...[stderr truncated: 14 of 26 bytes omitted; limit is 12 bytes]\nerror: boom\n',
    );
    expect(result.bytes.toString()).toBe('error: boom\n');
    expect(result).toMatchObject({ markerIndex: 0, omittedStart: 0 });
  });

  it('should put the marker in the middle when keeping both ends', async () => {
    const result = await sinkOf(['abcdefghij', 'klmnopqrst'], { maxBytes: 5, keep: 'both' });
    expect(result.text).toBe('abc\n...[stdout truncated: 15 of 20 bytes omitted; limit is 5 bytes]\nst');
    expect(result).toMatchObject({ keptBytes: 5, omittedStart: 3, markerIndex: 4 });
  });

  it('should keep everything when maxBytes is null', async () => {
    const result = await sinkOf(
      Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 'y')),
      { maxBytes: null },
    );
    expect(result).toMatchObject({ totalBytes: 40 * 64 * 1024, keptBytes: 40 * 64 * 1024, truncated: false });
  });

  it.each<KeepMode>(['head', 'tail', 'both'])(
    'should keep everything when maxBytes is null whatever keep is (%s)',
    async (keep) => {
      const chunks = ['first line\n', Buffer.alloc(100 * 1024, 'z'), 'last line\n'];
      const result = await sinkOf(chunks, { maxBytes: null, keep });
      const total = 11 + 100 * 1024 + 10;
      expect(result.bytes.equals(Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))))).toBe(true);
      expect(result).toMatchObject({
        totalBytes: total,
        keptBytes: total,
        omittedBytes: 0,
        truncated: false,
        marker: null,
      });
    },
  );

  it('should keep nothing and mark everything omitted when maxBytes is 0', async () => {
    const result = await sinkOf(['abc'], { maxBytes: 0, keep: 'both' });
    expect(result.text).toBe('...[stdout truncated: 3 of 3 bytes omitted; limit is 0 bytes]\n');
    expect(result.keptBytes).toBe(0);
  });

  // 'aéb' is 61 c3 a9 62: a limit that lands inside é backs off, and the counts stay exact.
  it.each<[KeepMode, number, string, number]>([
    ['head', 2, 'a\n...[stdout truncated: 3 of 4 bytes omitted; limit is 2 bytes]', 1],
    ['head', 3, 'aé\n...[stdout truncated: 1 of 4 bytes omitted; limit is 3 bytes]', 3],
    ['tail', 3, '...[stdout truncated: 1 of 4 bytes omitted; limit is 3 bytes]\néb', 3],
    ['tail', 2, '...[stdout truncated: 3 of 4 bytes omitted; limit is 2 bytes]\nb', 1],
    ['both', 3, 'a\n...[stdout truncated: 2 of 4 bytes omitted; limit is 3 bytes]\nb', 2],
  ])(
    'should cut %s between characters when maxBytes %d splits one',
    async (keep, maxBytes, text, keptBytes) => {
      const result = await sinkOf(cutAt(Buffer.from('aéb'), [2]), { maxBytes, keep });
      expect(result.text).toBe(text);
      expect(result.keptBytes).toBe(keptBytes);
      expect(result.keptBytes + result.omittedBytes).toBe(4);
    },
  );

  it('should report the result so far through the synchronous getter while writing', () => {
    const sink = new BoundedSink({ maxBytes: 4 });
    sink.write('abcdef');
    expect(sink.result).toMatchObject({ totalBytes: 6, keptBytes: 4, truncated: true });
    expect(sink.stats).toEqual({ totalBytes: 6, retainedBytes: 4 });
  });

  it('should reject done with the source error and be destroyed when the source fails', async () => {
    const sink = new BoundedSink();
    const source = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(Object.assign(new Error('pipe broke'), { code: 'EPIPE' }));
      },
    });
    await expect(pipeline(source, sink)).rejects.toMatchObject({ code: 'EPIPE' });
    await expect(sink.done).rejects.toMatchObject({ code: 'EPIPE' });
    expect(sink.destroyed).toBe(true);
  });

  it('should reject done with ERR_BOUNDED_SINK_CLOSED when destroyed before finishing', async () => {
    const sink = new BoundedSink({ label: 'stderr' });
    sink.write('x');
    sink.destroy();
    await expect(sink.done).rejects.toMatchObject({
      name: 'BoundedSinkError',
      code: 'ERR_BOUNDED_SINK_CLOSED',
      message: 'The stderr sink was destroyed before it finished',
    });
  });

  it('should return false from write() at the high-water mark', () => {
    const sink = new BoundedSink();
    expect(sink.write(Buffer.alloc(1))).toBe(true);
    expect(sink.write(Buffer.alloc(sink.writableHighWaterMark))).toBe(false);
  });

  it.each<KeepMode>(['head', 'tail', 'both'])(
    'should never retain more than maxBytes plus one chunk when 64 MiB are written keeping %s',
    async (keep) => {
      const gc = exposeGc();
      const chunk = Buffer.alloc(64 * 1024, 'z');
      const sink = new BoundedSink({ maxBytes: MiB, keep });
      const usageBefore = await settledMemoryUsage(gc);
      const heapBefore = usageBefore.heapUsed + usageBefore.arrayBuffers;
      let peakRetained = 0;
      const source = Readable.from(
        (function* () {
          for (let index = 0; index < 1024; index++) {
            peakRetained = Math.max(peakRetained, sink.stats.retainedBytes);
            // A fresh chunk each time, as a pipe delivers them.
            yield Buffer.from(chunk);
          }
        })(),
      );
      await pipeline(source, sink);
      const usageAfter = await settledMemoryUsage(gc);
      const heapGrowth = usageAfter.heapUsed + usageAfter.arrayBuffers - heapBefore;
      expect(peakRetained).toBeLessThanOrEqual(MiB + chunk.length);
      // Slack for the test runner's own allocations; keeping the stream would grow by 64 MiB.
      expect(heapGrowth).toBeLessThan(MiB + chunk.length + 8 * MiB);
      expect((await sink.done).omittedBytes).toBe(64 * MiB - MiB);
    },
  );

  it.each<[KeepMode, number]>([
    ['head', 64 * 1024],
    ['tail', 64 * 1024],
    ['tail', 200 * 1024],
    ['both', 64 * 1024],
  ])('should copy the kept bytes once at finish when keeping %s of %d bytes', async (keep, maxBytes) => {
    const sink = new BoundedSink({ maxBytes, keep });
    // 10 KiB chunks: the tail window's oldest chunk is partly out of the window.
    for (let index = 0; index < 16; index++) {
      if (!sink.write(Buffer.alloc(10 * 1024, 'w')))
        await new Promise((resolve) => sink.once('drain', resolve));
    }
    const concat = vi.spyOn(Buffer, 'concat');
    let copied = 0;
    try {
      await new Promise((resolve) => sink.end(resolve));
      for (const { value } of concat.mock.results) copied += (value as Buffer).length;
    } finally {
      concat.mockRestore();
    }
    const result = await sink.done;
    expect(result.keptBytes).toBe(Math.min(maxBytes, 160 * 1024));
    expect(copied).toBe(result.keptBytes);
  });

  it.each<KeepMode>(['head', 'tail', 'both'])(
    'should hold only the result once finished keeping %s, and report it as retained',
    async (keep) => {
      const gc = exposeGc();
      const sink = new BoundedSink({ maxBytes: 64 * 1024, keep });
      const written = await (async () => {
        // Chunks that fit the head or tail whole are held as written, not copied.
        const chunks = Array.from({ length: 4 }, () => Buffer.alloc(10 * 1024, 'v'));
        await writeAll(sink, chunks);
        return chunks.map((chunk) => new WeakRef(chunk));
      })();
      const result = await sink.done;
      expect(sink.stats).toEqual({ totalBytes: 40 * 1024, retainedBytes: result.bytes.length });
      // A later turn, so the weak references no longer keep their targets for the current job.
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      expect(written.filter((chunk) => chunk.deref() !== undefined)).toHaveLength(0);
      expect(result.bytes).toEqual(Buffer.alloc(40 * 1024, 'v'));
    },
  );

  it('should hold only its result when keeping both ends cut inside characters, not what it joined', async () => {
    const gc = exposeGc();
    const maxBytes = 8 * 1024 * 1024;
    // 3-byte characters: both the head's and the tail's cut back off to a character boundary.
    const text = Buffer.from('€'.repeat(1024 * 1024));
    const sink = new BoundedSink({ maxBytes, keep: 'both' });
    const before = (await settledMemoryUsage(gc)).arrayBuffers;
    await writeAll(sink, [text, text, text]);
    const result = await sink.done;
    expect(result.keptBytes).toBeLessThan(maxBytes);
    const held = (await settledMemoryUsage(gc)).arrayBuffers - before;
    // The result's bytes and nothing more: the join they were cut from is free.
    expect(held).toBeLessThan(maxBytes * 1.5);
    expect(result.text.startsWith('€')).toBe(true);
  });

  it('should report the result bytes as retained once finished, not the out-of-window part', async () => {
    const sink = new BoundedSink({ maxBytes: 5, keep: 'tail' });
    await writeAll(sink, ['abcd', 'efgh']);
    const result = await sink.done;
    expect(result.bytes.toString()).toBe('defgh');
    expect(sink.stats).toEqual({ totalBytes: 8, retainedBytes: 5 });
  });

  it('should not mutate the options object', () => {
    // Frozen: in strict-mode code a write to it throws, so constructing is the whole test.
    const options = Object.freeze({ maxBytes: 10, keep: 'tail' as const, label: 'x' });
    expect(() => new BoundedSink(options)).not.toThrow();
  });

  it.each([
    [
      { maxBytes: -1 },
      RangeError,
      'The "maxBytes" option must be a non-negative safe integer or null. Received -1',
    ],
    [
      { maxBytes: 0.5 },
      RangeError,
      'The "maxBytes" option must be a non-negative safe integer or null. Received 0.5',
    ],
    [
      { maxBytes: Number.NaN },
      RangeError,
      'The "maxBytes" option must be a non-negative safe integer or null. Received NaN',
    ],
    [
      { maxBytes: '1MiB' },
      TypeError,
      `The "maxBytes" option must be of type number or null. Received type string ('1MiB')`,
    ],
    [
      { keep: 'middle' },
      RangeError,
      `The "keep" option must be one of 'head', 'tail', 'both'. Received 'middle'`,
    ],
    [
      { keep: 1 },
      TypeError,
      `The "keep" option must be one of 'head', 'tail', 'both'. Received type number (1)`,
    ],
    [{ label: 7 }, TypeError, 'The "label" option must be of type string. Received type number (7)'],
    ['stdout', TypeError, `The "options" argument must be of type object. Received type string ('stdout')`],
  ])('should throw for invalid options %j', (options, errorClass, message) => {
    const construct = () => new BoundedSink(options as never);
    expect(construct).toThrow(errorClass);
    expect(construct).toThrow(message);
  });
});

describe('BoundedSink chunk boundaries', () => {
  it('should keep the same bytes for a multi-byte character split at every byte', async () => {
    const bytes = Buffer.from('ab😀cd€');
    for (let position = 0; position <= bytes.length; position++) {
      const result = await sinkOf(cutAt(bytes, [position]), { maxBytes: 5 });
      expect(result.bytes.toString()).toBe('ab');
      expect(result.omittedBytes).toBe(bytes.length - 2);
    }
  });

  it('should accept an empty chunk', async () => {
    const result = await sinkOf(['', Buffer.alloc(0), 'a']);
    expect(result.text).toBe('a');
  });
});
