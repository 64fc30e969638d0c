import { describe, expect, it } from 'vitest';
import { transformInMicrotask } from '../src/index';

const CHUNK = Buffer.from('chunk');

/** Calls `transformInMicrotask` from a macrotask, as a source's read callback does, and logs what follows. */
function runFromMacrotask(stage: { destroyed: boolean }, work: (chunk: Buffer) => void): Promise<string[]> {
  const events: string[] = [];
  return new Promise((resolve) =>
    setImmediate(() => {
      transformInMicrotask(
        stage,
        CHUNK,
        (error) => {
          events.push(error ? `callback: ${error.message}` : 'callback');
          resolve(events);
        },
        (chunk) => {
          events.push(`work ${chunk}`);
          work(chunk);
        },
      );
      events.push('returned');
      // What the stream machinery queues after a write: the source's next read is asked for in a tick.
      process.nextTick(() => events.push('tick'));
    }),
  );
}

describe('transformInMicrotask', () => {
  it('should work on the chunk after the ticks queued with it, then call back', async () => {
    expect(await runFromMacrotask({ destroyed: false }, () => {})).toEqual([
      'returned',
      'tick',
      'work chunk',
      'callback',
    ]);
  });

  it('should call back without the work when the stage was destroyed meanwhile', async () => {
    expect(await runFromMacrotask({ destroyed: true }, () => {})).toEqual(['returned', 'tick', 'callback']);
  });

  it('should call back with what the work threw, as an Error', async () => {
    const thrown = await runFromMacrotask({ destroyed: false }, () => {
      throw new Error('bad chunk');
    });
    expect(thrown.at(-1)).toBe('callback: bad chunk');
    const value = await runFromMacrotask({ destroyed: false }, () => {
      throw 'not an Error';
    });
    expect(value.at(-1)).toBe('callback: not an Error');
  });
});
