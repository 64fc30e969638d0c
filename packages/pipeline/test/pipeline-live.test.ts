import { feed } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type LiveEvent, type LiveLines, type PipelineOptions, pipeline } from '../src/index';

/** Every event a live view hands out, once its pipeline has ended. */
async function eventsOf(live: LiveLines | null): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for await (const event of live ?? []) events.push(event);
  return events;
}

describe('pipeline() with a live view', () => {
  it('should decode the live lines with the pipeline fallback and clip them at its maxLineBytes', async () => {
    const bytes = Buffer.concat([iconv.encode('编码测试\n', 'gbk'), Buffer.from(`${'x'.repeat(100)}\n`)]);
    const running = pipeline(feed([bytes]), { fallback: 'gbk', maxLineBytes: 20, live: true });
    const [capture, events] = await Promise.all([running, eventsOf(running.lines)]);
    expect(capture.text.startsWith('编码测试\n')).toBe(true);
    expect(
      events.map((event) => (event.type === 'line' ? [event.text.slice(0, 4), event.clipped] : event)),
    ).toEqual([
      ['编码测试', false],
      ['xxxx', true],
    ]);
  });

  it('should build no live view without live', async () => {
    const running = pipeline(feed([Buffer.from('a\n')]));
    expect(running.lines).toBeNull();
    await running;
  });

  it('should take the queue caps as live, dropping what overflows them', async () => {
    const lines = Array.from({ length: 50 }, (_, index) => `line ${index}\n`).join('');
    const running = pipeline(feed([Buffer.from(lines)]), { live: { maxQueuedLines: 2 } });
    await running;
    const events = await eventsOf(running.lines);
    expect(events.some((event) => event.type === 'dropped')).toBe(true);
    expect(running.lines?.stats.lines).toBe(50);
  });

  it.each<[unknown, ErrorConstructor, string]>([
    [
      'yes',
      TypeError,
      'The "live" option must be a boolean or an object such as { maxQueuedLines }. Received type string (\'yes\')',
    ],
    [{ maxQueuedLines: 0 }, RangeError, 'The "live.maxQueuedLines" option must be'],
    [{ maxQueued: 1 }, TypeError, 'maxQueued'],
  ])('should refuse live: %o before reading anything', (live, errorClass, message) => {
    const options = { live } as PipelineOptions;
    expect(() => pipeline(feed([]), options)).toThrow(errorClass);
    expect(() => pipeline(feed([]), options)).toThrow(message);
  });
});
