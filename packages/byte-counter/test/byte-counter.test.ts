import { pipeline } from 'node:stream/promises';
import { collect, describeStageContract, feed } from '@pipeguard/test-utils';
import { Writable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { ByteCounter, type ByteCounterProgress } from '../src/index';

describe('ByteCounter', () => {
  it('should forward the very same Buffer objects when chunks pass', async () => {
    const chunks = [Buffer.from('ab'), Buffer.from('€'), Buffer.alloc(70_000, 0x41)];
    const counter = new ByteCounter();
    const forwarded = collect(counter);
    for (const chunk of chunks) counter.write(chunk);
    counter.end();
    const out = await forwarded;
    expect(out).toHaveLength(chunks.length);
    out.forEach((chunk, index) => {
      expect(chunk).toBe(chunks[index]);
    });
    expect(counter.stats).toEqual({ bytes: 2 + 3 + 70_000, chunks: 3 });
  });

  it('should count strings as the bytes they encode to when written in non-object mode', async () => {
    const counter = new ByteCounter();
    const forwarded = collect(counter);
    counter.write('héllo');
    counter.write('ff00', 'hex');
    counter.end('é', 'latin1');
    expect(Buffer.concat(await forwarded)).toEqual(Buffer.from([...Buffer.from('héllo'), 0xff, 0x00, 0xe9]));
    expect(counter.bytes).toBe(9);
  });

  it('should count an empty chunk as no bytes', async () => {
    const counter = new ByteCounter();
    await pipeline(
      feed([Buffer.from('a'), Buffer.alloc(0), Buffer.from('b')]),
      counter,
      new Writable({ write: (_c, _e, cb) => cb() }),
    );
    expect(counter.bytes).toBe(2);
  });

  it('should report progress at most every N bytes, then once at the end', async () => {
    const reports: ByteCounterProgress[] = [];
    const counter = new ByteCounter({
      progressIntervalBytes: 10,
      onProgress: (progress) => reports.push(progress),
    });
    const events: ByteCounterProgress[] = [];
    counter.on('progress', (progress: ByteCounterProgress) => events.push(progress));
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(4));
    await pipeline(feed(chunks), counter, new Writable({ write: (_c, _e, cb) => cb() }));
    expect(reports.map(({ bytes, done }) => [bytes, done])).toEqual([
      [12, false],
      [24, false],
      [36, false],
      [40, true],
    ]);
    expect(events).toEqual(reports);
    expect(reports.every(({ bytesPerSecond }) => bytesPerSecond >= 0)).toBe(true);
  });

  it('should report on every chunk when the time interval is zero', async () => {
    const reports: number[] = [];
    const counter = new ByteCounter({
      progressIntervalMs: 0,
      onProgress: ({ bytes }) => reports.push(bytes),
    });
    await pipeline(
      feed([Buffer.alloc(1), Buffer.alloc(2)]),
      counter,
      new Writable({ write: (_c, _e, cb) => cb() }),
    );
    expect(reports).toEqual([1, 3, 3]);
  });

  it('should not report by time when progressIntervalMs is null and a callback is given', async () => {
    const reports: number[] = [];
    const counter = new ByteCounter({
      progressIntervalBytes: 1000,
      progressIntervalMs: null,
      onProgress: ({ bytes }) => reports.push(bytes),
    });
    counter.resume();
    counter.write(Buffer.alloc(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    counter.end(Buffer.alloc(1));
    await new Promise((resolve) => counter.once('end', resolve));
    expect(reports).toEqual([2]);
  });

  it('should not report progress when no trigger is set', async () => {
    const counter = new ByteCounter();
    let reports = 0;
    counter.on('progress', () => reports++);
    await pipeline(feed([Buffer.alloc(1)]), counter, new Writable({ write: (_c, _e, cb) => cb() }));
    expect(reports).toBe(0);
  });

  it('should fail the pipeline with the error a progress callback throws', async () => {
    const failure = Object.assign(new Error('bar broke'), { code: 'ERR_PROGRESS_BAR' });
    const counter = new ByteCounter({
      progressIntervalBytes: 1,
      onProgress: () => {
        throw failure;
      },
    });
    await expect(
      pipeline(feed([Buffer.alloc(2)]), counter, new Writable({ write: (_c, _e, cb) => cb() })),
    ).rejects.toMatchObject({
      code: 'ERR_PROGRESS_BAR',
    });
    expect(counter.destroyed).toBe(true);
  });
});

describeStageContract('ByteCounter', {
  create: (options) => new ByteCounter(options as never),
  knownOptions: ['progressIntervalBytes', 'progressIntervalMs', 'onProgress'],
  validOptions: [{ progressIntervalBytes: 5, progressIntervalMs: null, onProgress: () => {} }],
  input: () => [Buffer.from('partial'), Buffer.alloc(16 * 1024)],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    [{ maxbytes: 10 }, TypeError, 'The "options" argument has an unknown option "maxbytes"'],
    [
      { progressIntervalBytes: -1 },
      RangeError,
      'The "progressIntervalBytes" option must be a non-negative safe integer or null. Received -1',
    ],
    [
      { progressIntervalBytes: 1.5 },
      RangeError,
      'The "progressIntervalBytes" option must be a non-negative safe integer or null. Received 1.5',
    ],
    [
      { progressIntervalBytes: '10' },
      TypeError,
      `The "progressIntervalBytes" option must be of type number or null. Received type string ('10')`,
    ],
    [
      { progressIntervalMs: Number.NaN },
      RangeError,
      'The "progressIntervalMs" option must be a non-negative safe integer or null. Received NaN',
    ],
    [
      { onProgress: 'log' },
      TypeError,
      `The "onProgress" option must be of type function. Received type string ('log')`,
    ],
  ],
});
