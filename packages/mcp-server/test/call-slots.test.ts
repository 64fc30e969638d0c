import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallSlots, ServerBusyError, WAITING_PER_SLOT } from '../src/call-slots';

/** What a call's `acquire` came to once the microtasks of this turn have run: granted, refused, or still waiting. */
async function settledThisTurn(acquired: Promise<void>): Promise<unknown> {
  const waiting = new Promise((resolve) => setImmediate(() => resolve('still waiting')));
  return Promise.race([
    acquired.then(
      () => 'granted',
      (error: unknown) => error,
    ),
    waiting,
  ]);
}

function abortedSignal(reason = new Error('cancelled by the client')): AbortSignal {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
}

describe('CallSlots', () => {
  it('should refuse at once, with the signal reason, a call already cancelled while every slot is busy', async () => {
    const slots = new CallSlots(1, 60_000);
    await slots.acquire(new AbortController().signal);
    const reason = new Error('cancelled by the client');
    expect(await settledThisTurn(slots.acquire(abortedSignal(reason)))).toBe(reason);
    expect(slots.waiting).toBe(0);
  });

  it('should not give a free slot to a call already cancelled', async () => {
    const slots = new CallSlots(2, 60_000);
    const reason = new Error('cancelled before it started');
    expect(await settledThisTurn(slots.acquire(abortedSignal(reason)))).toBe(reason);
    expect(slots.busy).toBe(0);
  });

  it('should refuse a call past the queue with a ServerBusyError naming the limit, not an input field', async () => {
    const slots = new CallSlots(1, 60_000);
    const never = new AbortController().signal;
    await slots.acquire(never);
    const queued = Array.from({ length: WAITING_PER_SLOT }, () => slots.acquire(never));
    const refused = await settledThisTurn(slots.acquire(never));
    expect(refused).toBeInstanceOf(ServerBusyError);
    expect((refused as ServerBusyError).code).toBe('ERR_MCP_SERVER_BUSY');
    expect((refused as Error).message).toBe(
      'The server is busy: 1 command running and 8 more waiting (its --max-concurrent limit); the call was not started. Try again when one has finished',
    );
    for (let index = 0; index <= WAITING_PER_SLOT; index++) slots.release();
    await Promise.all(queued);
  });

  it('should refuse a call that waited its bound with a ServerBusyError naming the limit, not an input field', async () => {
    const slots = new CallSlots(2, 10);
    const never = new AbortController().signal;
    await slots.acquire(never);
    await slots.acquire(never);
    const error = await slots.acquire(never).catch((refusal: unknown) => refusal);
    expect(error).toBeInstanceOf(ServerBusyError);
    expect((error as Error).message).toMatch(/^The server is busy: 2 commands already running for 10 ms/);
    expect((error as Error).message).not.toContain('"command"');
  });

  it('should keep its bounds and grant in arrival order whatever the calls, cancels and releases', async () => {
    type Step = { kind: 'acquire' } | { kind: 'cancel'; pick: number } | { kind: 'release' };
    const step = fc.oneof(
      fc.constant<Step>({ kind: 'acquire' }),
      fc.nat(40).map<Step>((pick) => ({ kind: 'cancel', pick })),
      fc.constant<Step>({ kind: 'release' }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { maxLength: 60 }),
        async (size, steps) => {
          const slots = new CallSlots(size, 60_000);
          const granted: number[] = [];
          const waiting: { call: number; controller: AbortController }[] = [];
          let held = 0;
          let next = 0;
          for (const action of steps) {
            if (action.kind === 'acquire') {
              const call = next++;
              const controller = new AbortController();
              const outcome = await settledThisTurn(
                slots.acquire(controller.signal).then(() => {
                  granted.push(call);
                }),
              );
              if (outcome === 'granted') held++;
              else if (outcome === 'still waiting') waiting.push({ call, controller });
              else expect(outcome).toBeInstanceOf(ServerBusyError);
            } else if (action.kind === 'cancel' && waiting.length > 0) {
              const [left] = waiting.splice(action.pick % waiting.length, 1);
              left?.controller.abort(new Error('cancelled'));
            } else if (action.kind === 'release' && held > 0) {
              slots.release();
              held--;
              const handedOver = waiting.shift();
              if (handedOver) held++;
            }
            await new Promise((resolve) => setImmediate(resolve));
            expect(slots.busy).toBe(held);
            expect(slots.busy).toBeLessThanOrEqual(size);
            expect(slots.waiting).toBe(waiting.length);
            expect(slots.waiting).toBeLessThanOrEqual(size * WAITING_PER_SLOT);
          }
          expect(granted).toEqual([...granted].sort((a, b) => a - b));
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
