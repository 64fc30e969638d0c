import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { LiveStreamEvent } from '../src/live/live-merge';
import { run } from '../src/run/run';

const MiB = 1024 * 1024;

describe('run() live lines', () => {
  it.each([
    [
      { liveLines: 'yes' },
      TypeError,
      'The "liveLines" option must be a boolean or an object such as { maxQueuedLines }',
    ],
    [
      { liveLines: { maxQueuedLines: 0 } },
      RangeError,
      'The "liveLines.maxQueuedLines" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [{ liveLines: { maxQueuedLinez: 5 } }, TypeError, 'maxQueuedLinez'],
  ])('should reject %j before spawning', (options, errorClass, message) => {
    expect(() => run('pipeguard-no-such-command', [], options as never)).toThrow(errorClass);
    expect(() => run('pipeguard-no-such-command', [], options as never)).toThrow(message);
  });

  it('should offer no live view, and report none, when not asked for', async () => {
    const running = run('echo', ['hi']);
    expect(running.lines).toBeNull();
    expect((await running).liveLines).toBeNull();
  });

  it('should hand a fast consumer every line of both streams in order, each naming its stream', async () => {
    const script = 'seq 1 5000; for i in 1 2 3; do echo "err $i" >&2; done';
    const running = run('sh', ['-c', script], { liveLines: true });
    const events: LiveStreamEvent[] = [];
    for await (const event of running.lines ?? []) events.push(event);
    const result = await running;
    const texts = (stream: string) =>
      events.flatMap((event) => (event.type === 'line' && event.stream === stream ? [event.text] : []));
    expect(texts('stdout')).toEqual(Array.from({ length: 5000 }, (_, index) => String(index + 1)));
    expect(texts('stderr')).toEqual(['err 1', 'err 2', 'err 3']);
    expect(events.some((event) => event.type === 'dropped')).toBe(false);
    expect(result.liveLines).toMatchObject({
      stdout: { lines: 5000, deliveredLines: 5000, droppedLines: 0 },
      stderr: { lines: 3, deliveredLines: 3, droppedLines: 0 },
    });
  });

  it('should decode GBK lines with the fallback and clip them at maxLineBytes', async () => {
    const gbk = iconv.encode('编码测试\n', 'gbk').toString('hex');
    const script = `import sys; w = sys.stdout.buffer.write; w(bytes.fromhex("${gbk}")); w(b"x" * 100 + b"\\n")`;
    const running = run('python3', ['-c', script], { liveLines: true, fallback: 'gbk', maxLineBytes: 20 });
    const events: LiveStreamEvent[] = [];
    for await (const event of running.lines ?? []) events.push(event);
    await running;
    expect(
      events.map((event) => (event.type === 'line' ? [event.text.slice(0, 4), event.clipped] : event)),
    ).toEqual([
      ['编码测试', false],
      ['xxxx', true],
    ]);
  });

  it('should never hand out binary output as lines', async () => {
    const script =
      'import sys; w = sys.stdout.buffer.write; w(b"text\\n" * 20000); w(b"\\0" * 200000); w(b"more\\n")';
    const running = run('python3', ['-c', script], { liveLines: { maxQueuedLines: 100_000 } });
    const events: LiveStreamEvent[] = [];
    for await (const event of running.lines ?? []) events.push(event);
    const result = await running;
    const texts = events.flatMap((event) => (event.type === 'line' ? [event.text] : []));
    expect(result.binaryOutputWithheld).toBe(true);
    expect(texts.slice(0, 20_000).every((text) => text === 'text')).toBe(true);
    expect(texts.some((text) => text.includes('\0'))).toBe(false);
  });

  it('should never hold the child back: a consumer that stalls after its first line leaves the capture unchanged and counts the drops', async () => {
    // Arrange: the consumer takes one line, then waits for the run's result. A run that waited for its
    // live consumer would never end (the test would time out).
    const command = `yes 'INFO worker 7 processed item 123456 in 12 ms ..........' | head -c ${64 * MiB}`;
    const without = await run('sh', ['-c', command]);
    const running = run('sh', ['-c', command], { liveLines: true });
    const events: LiveStreamEvent[] = [];
    let linesWhenDone = -1;
    // Act
    const consuming = (async () => {
      for await (const event of running.lines ?? []) {
        events.push(event);
        if (event.type === 'line') await running;
      }
    })();
    const result = await running;
    linesWhenDone = events.filter((event) => event.type === 'line').length;
    await consuming;
    // Assert: the result came while the consumer held its first line; the capture is the same.
    expect(linesWhenDone).toBe(1);
    expect(result.stdout.text).toBe(without.stdout.text);
    expect(result.stdout.bytes).toBe(64 * MiB);
    const stats = result.liveLines?.stdout;
    expect(stats?.droppedLines).toBeGreaterThan((stats?.lines ?? 0) * 0.9);
    expect((stats?.deliveredLines ?? 0) + (stats?.droppedLines ?? 0) + (stats?.queuedLines ?? 0)).toBe(
      stats?.lines,
    );
    expect(events.some((event) => event.type === 'dropped')).toBe(true);
  }, 120_000);
});
