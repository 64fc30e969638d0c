import { describe, expect, it } from 'vitest';
import { OverlappedWork } from '../src/index';

const chunk = (text: string) => Buffer.from(text);
const nextMicrotask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function recorder() {
  const events: string[] = [];
  const failures: Error[] = [];
  const work = new OverlappedWork(
    (piece) => {
      if (piece.toString() === 'throw') throw new Error('bad chunk');
      events.push(`work ${piece}`);
    },
    (error) => failures.push(error),
  );
  const callback = (name: string) => (error?: Error | null) =>
    events.push(error ? `callback ${name}: ${error.message}` : `callback ${name}`);
  return { events, failures, work, callback };
}

describe('OverlappedWork', () => {
  it('should call back before the work, and work on the chunk in the microtask after', async () => {
    const { events, work, callback } = recorder();
    work.accept(chunk('a'), false, callback('a'));
    events.push('accepted');
    await nextMicrotask();
    expect(events).toEqual(['callback a', 'accepted', 'work a']);
  });

  it('should finish the waiting chunk before it takes the next, keeping the order and working once on each', async () => {
    const { events, work, callback } = recorder();
    work.accept(chunk('a'), false, callback('a'));
    work.accept(chunk('b'), false, callback('b'));
    work.accept(chunk('c'), false, callback('c'));
    await nextMicrotask();
    await nextMicrotask();
    expect(events).toEqual(['callback a', 'work a', 'callback b', 'work b', 'callback c', 'work c']);
  });

  it('should work on the waiting chunk at once on settle(), then call back, and not work again in its microtask', async () => {
    const { events, work, callback } = recorder();
    work.accept(chunk('a'), false, callback('a'));
    work.settle((error) => events.push(`settled ${error}`));
    await nextMicrotask();
    expect(events).toEqual(['callback a', 'work a', 'settled null']);
  });

  it('should never work on a chunk discarded before its microtask', async () => {
    const { events, work, callback } = recorder();
    work.accept(chunk('a'), false, callback('a'));
    work.discard();
    await nextMicrotask();
    work.settle(() => events.push('settled'));
    expect(events).toEqual(['callback a', 'settled']);
  });

  it('should hand an error thrown in the microtask to fail, the callback having been called', async () => {
    const { events, failures, work, callback } = recorder();
    work.accept(chunk('throw'), false, callback('throw'));
    await nextMicrotask();
    expect(events).toEqual(['callback throw']);
    expect(failures.map((error) => error.message)).toEqual(['bad chunk']);
  });

  it("should hand an error thrown while finishing the waiting chunk to the next chunk's callback", () => {
    const { events, failures, work, callback } = recorder();
    work.accept(chunk('throw'), false, callback('throw'));
    work.accept(chunk('b'), false, callback('b'));
    expect(events).toEqual(['callback throw', 'callback b: bad chunk']);
    expect(failures).toEqual([]);
  });

  it('should work on a chunk at once, before its callback, when the readable side is full', async () => {
    const { events, work, callback } = recorder();
    work.accept(chunk('a'), false, callback('a'));
    work.accept(chunk('b'), true, callback('b'));
    expect(events).toEqual(['callback a', 'work a', 'work b', 'callback b']);
    expect(work.waitingBytes).toBe(0);
    work.accept(chunk('cc'), false, callback('c'));
    expect(work.waitingBytes).toBe(2);
    await nextMicrotask();
    expect(work.waitingBytes).toBe(0);
  });

  it('should make a chunk written from inside the work wait for it, its callback held until it is worked on', async () => {
    const events: string[] = [];
    let reenter = true;
    const work: OverlappedWork = new OverlappedWork(
      (piece) => {
        events.push(`work ${piece} begins`);
        if (reenter) {
          reenter = false;
          // What a 'data' listener does when the work pushes: it writes again, then ends the stage.
          work.accept(chunk('b'), true, () => events.push('callback b'));
          work.settle(() => events.push('settled'));
        }
        events.push(`work ${piece} ends`);
      },
      () => events.push('failed'),
    );
    work.accept(chunk('a'), false, () => events.push('callback a'));
    await nextMicrotask();
    expect(events).toEqual([
      'callback a',
      'work a begins',
      'work a ends',
      'work b begins',
      'work b ends',
      'callback b',
      'settled',
    ]);
  });
});
