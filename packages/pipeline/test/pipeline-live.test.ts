import { feed } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type LiveEvent, LiveLines, pipeline } from '../src/index';

/** Every event a live view hands out, once its pipeline has ended. */
async function eventsOf(live: LiveLines): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for await (const event of live) events.push(event);
  return events;
}

describe('pipeline() with a live view', () => {
  it('should decode the live lines with the pipeline fallback and clip them at its maxLineBytes', async () => {
    const live = new LiveLines();
    const bytes = Buffer.concat([iconv.encode('编码测试\n', 'gbk'), Buffer.from(`${'x'.repeat(100)}\n`)]);
    const [capture, events] = await Promise.all([
      pipeline(feed([bytes]), { fallback: 'gbk', maxLineBytes: 20, live }),
      eventsOf(live),
    ]);
    expect(capture.text.startsWith('编码测试\n')).toBe(true);
    expect(
      events.map((event) => (event.type === 'line' ? [event.text.slice(0, 4), event.clipped] : event)),
    ).toEqual([
      ['编码测试', false],
      ['xxxx', true],
    ]);
  });

  it('should refuse a live view that has taken bytes already, before reading anything', () => {
    const live = new LiveLines();
    live.write(Buffer.from('early\n'));
    expect(() => pipeline(feed([]), { live })).toThrow('must not have taken bytes');
  });
});
