import { cutAt, cutsFor, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRunningCommandState,
  type InputWaitSample,
  MIN_SAMPLE_INTERVAL_MS,
  RUNNING_COMMAND_TRANSITIONS,
  type RunningCommandState,
} from '../../src/index';
import { MAX_PROMPT_LINE_BYTES, PromptLine } from '../../src/input-wait/prompt-line';
import { drivenWatch } from './driven-watch';

const RUNS = propertyRuns(200);

/** Terminal output: lines, prompts, escape sequences, carriage returns, multi-byte characters. */
const output = fc
  .array(
    fc.constantFrom(
      'ok\n',
      'Name? ',
      '\x1b[1m',
      '\x1b[0m',
      '\r',
      '\r\n',
      'é',
      '🙂',
      'x'.repeat(300),
      '\x1b[K',
    ),
    {
      maxLength: 60,
    },
  )
  .map((pieces) => Buffer.from(pieces.join('')))
  .chain((bytes) => cutsFor(bytes.length).map((cuts) => ({ bytes, chunks: cutAt(bytes, cuts) })));

describe('input-wait properties', () => {
  it('should keep the last line and the partial one, bounded, however the output is cut into chunks', () => {
    fc.assert(
      fc.property(output, ({ bytes, chunks }) => {
        const line = new PromptLine();
        for (const chunk of chunks) line.add(chunk);
        const lines = bytes.toString('latin1').split('\n');
        const tail = (text: string) => Buffer.from(text.slice(-MAX_PROMPT_LINE_BYTES), 'latin1');
        expect(Buffer.from(line.partial)).toEqual(tail(lines[lines.length - 1] as string));
        expect(Buffer.from(line.lastComplete)).toEqual(
          tail(lines.length > 1 ? (lines[lines.length - 2] as string) : ''),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('should sample only after the quiet spell, at most once a second, and always while quiet', async () => {
    const step = fc.record({
      afterMs: fc.integer({ min: 0, max: 3000 }),
      activity: fc.constantFrom('output', 'input', 'none'),
      verdict: fc.constantFrom<InputWaitSample['verdict']>('waiting', 'not-waiting', 'unknown'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 30 }),
        fc.integer({ min: 0, max: 2500 }),
        async (steps, inputWaitMs) => {
          let verdict: InputWaitSample['verdict'] = 'not-waiting';
          const driven = drivenWatch(1234, 'terminal', {
            inputWaitMs,
            sampler: async (query) =>
              verdict === 'waiting'
                ? { verdict, evidence: { quietMs: query.quietMs } as never }
                : { verdict, reason: 'scripted' },
          });
          // Each activity with how many samples came before it: at equal times, order tells which was first.
          const activities = [{ at: 0, samplesBefore: 0 }];
          for (const { afterMs, activity, verdict: next } of steps) {
            await driven.advance(afterMs);
            verdict = next;
            if (activity === 'output') driven.watch.output(new Uint8Array([0x2e]));
            if (activity === 'input') driven.watch.input();
            if (activity !== 'none')
              activities.push({ at: driven.clock.nowMs(), samplesBefore: driven.samples.length });
          }
          // Quiet to the end: long enough for a sample after the last activity.
          await driven.advance(inputWaitMs + MIN_SAMPLE_INTERVAL_MS);
          driven.watch.stop();
          const sampledAt = driven.samples.map(({ at }) => at);
          for (const [index, at] of sampledAt.entries()) {
            const before = activities.filter(({ samplesBefore }) => samplesBefore <= index);
            const lastActivity = Math.max(...before.map((activity) => activity.at));
            expect(at - lastActivity).toBeGreaterThanOrEqual(inputWaitMs);
            if (index > 0)
              expect(at - (sampledAt[index - 1] as number)).toBeGreaterThanOrEqual(MIN_SAMPLE_INTERVAL_MS);
          }
          const last = (activities[activities.length - 1] as { at: number }).at;
          expect(sampledAt.some((at) => at >= last + inputWaitMs)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should follow the transition table for any sequence of moves asked, exited taking none', () => {
    const state = fc.constantFrom<RunningCommandState>('running', 'waiting-for-input', 'exited');
    fc.assert(
      fc.property(fc.array(state, { maxLength: 40 }), (moves) => {
        const machine = createRunningCommandState();
        let expected: RunningCommandState = 'running';
        for (const next of moves) {
          const allowed: boolean = RUNNING_COMMAND_TRANSITIONS[expected].includes(next);
          if (allowed) machine.to(next);
          else expect(() => machine.to(next)).toThrow();
          expected = allowed ? next : expected;
          expect(machine.state).toBe(expected);
        }
        if (moves.includes('exited') && machine.visited('exited')) expect(machine.state).toBe('exited');
      }),
      { numRuns: RUNS },
    );
  });
});
