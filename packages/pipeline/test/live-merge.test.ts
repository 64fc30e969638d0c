import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LiveLines } from '../src/index';
import { mergeLiveLines } from '../src/internal';

/** The iterator result if `pending` settles before the next turn of the event loop, else `'pending'`. */
const settledNow = <T>(pending: Promise<T>) => Promise.race([pending, nextTurn().then(() => 'pending')]);

describe('mergeLiveLines', () => {
  it('should answer done to every next() once done, also after a next() that was waiting for the end', async () => {
    const sources = [new LiveLines(), new LiveLines()] as const;
    const merged = mergeLiveLines([
      ['stdout', sources[0]],
      ['stderr', sources[1]],
    ]);
    const waiting = merged.next();
    for (const source of sources) source.end();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await settledNow(merged.next())).toEqual({ value: undefined, done: true });
    expect(await settledNow(merged.next())).toEqual({ value: undefined, done: true });
  });

  it('should answer done to every next() once done, when the end came before the next()', async () => {
    const source = new LiveLines();
    const merged = mergeLiveLines([['stdout', source]]);
    source.write(Buffer.from('one\n'));
    source.end();
    expect(await merged.next()).toMatchObject({ value: { text: 'one', stream: 'stdout' }, done: false });
    expect(await settledNow(merged.next())).toEqual({ value: undefined, done: true });
    expect(await settledNow(merged.next())).toEqual({ value: undefined, done: true });
  });

  it('should answer done after return(), to a next() that was waiting too', async () => {
    const source = new LiveLines();
    const merged = mergeLiveLines([['stdout', source]]);
    const waiting = merged.next();
    await merged.return?.();
    expect(await settledNow(waiting)).toEqual({ value: undefined, done: true });
    expect(await settledNow(merged.next())).toEqual({ value: undefined, done: true });
  });
});
