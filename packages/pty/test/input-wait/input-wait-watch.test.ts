import { describe, expect, it } from 'vitest';
import {
  type InputWaitEvidence,
  type InputWaitQuery,
  type InputWaitSample,
  InputWaitWatch,
  type InputWaitWatchOptions,
} from '../../src/index';
import { drivenWatch } from './driven-watch';
import { MANUAL_EPOCH_MS } from './manual-clock';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Evidence as a sampler would give it (what the watch does with it is under test, not /proc). */
const evidence = (quietMs: number): InputWaitEvidence => ({
  method: 'proc',
  input: 'terminal',
  pid: 4242,
  processName: 'scripted',
  syscall: 'read',
  fd: 0,
  wchan: null,
  terminalModes: null,
  secret: false,
  quietMs,
  summary: 'scripted',
});

/** A sampler that answers `verdict` and records what it was asked. */
function scripted(verdict: () => InputWaitSample['verdict']) {
  const queries: InputWaitQuery[] = [];
  const sampler = async (query: InputWaitQuery): Promise<InputWaitSample> => {
    queries.push(query);
    const answer = verdict();
    return answer === 'waiting'
      ? { verdict: answer, evidence: evidence(query.quietMs) }
      : { verdict: answer, reason: 'scripted' };
  };
  return { sampler, queries };
}

const waiting = () => 'waiting' as const;

describe('InputWaitWatch options', () => {
  const base: InputWaitWatchOptions = { pid: 1234, input: 'terminal' };
  it.each([
    [
      { ...base, pid: 0 },
      RangeError,
      'The "pid" option must be a safe integer greater than or equal to 1. Received 0',
    ],
    [
      { ...base, pid: '12' },
      TypeError,
      `The "pid" option must be of type number. Received type string ('12')`,
    ],
    [
      { ...base, input: 'pipe' },
      RangeError,
      `The "input" option must be one of 'terminal', 'stdin'. Received 'pipe'`,
    ],
    [
      { ...base, inputWaitMs: -1 },
      RangeError,
      'The "inputWaitMs" option must be a non-negative safe integer. Received -1',
    ],
    [
      { ...base, inputWaitMs: 1.5 },
      RangeError,
      'The "inputWaitMs" option must be a non-negative safe integer. Received 1.5',
    ],
    [
      { ...base, onChange: 'log' },
      TypeError,
      `The "onChange" option must be of type function. Received type string ('log')`,
    ],
    [
      { ...base, formatPrompt: {} },
      TypeError,
      'The "formatPrompt" option must be of type function. Received an instance of Object',
    ],
    [{ ...base, sampler: null }, TypeError, 'The "sampler" option must be of type function. Received null'],
    [{ ...base, clock: 5 }, TypeError, 'The "clock" option must be of type object. Received type number (5)'],
    [
      { ...base, inputWaitMS: 100 },
      TypeError,
      'The "options" argument has an unknown option "inputWaitMS" (did you mean "inputWaitMs"?)',
    ],
  ])('should throw for %o', (options, errorClass, message) => {
    const create = () => new InputWaitWatch(options as InputWaitWatchOptions);
    expect(create).toThrow(errorClass);
    expect(create).toThrow(message);
  });

  it('should not mutate the options object', () => {
    const options = Object.freeze({ pid: 1234, input: 'stdin' as const, inputWaitMs: 10 });
    const watch = new InputWaitWatch(options);
    watch.stop();
    expect(options).toEqual({ pid: 1234, input: 'stdin', inputWaitMs: 10 });
  });
});

describe('InputWaitWatch sampling', () => {
  it('should sample only once the quiet spell has passed', async () => {
    const { sampler, queries } = scripted(() => 'not-waiting');
    const driven = drivenWatch(1234, 'terminal', { sampler });
    await driven.advance(1499);
    expect(queries).toEqual([]);
    await driven.advance(1);
    expect(driven.samples.map(({ at }) => at)).toEqual([1500]);
    expect(queries[0]).toMatchObject({ pid: 1234, input: 'terminal', quietMs: 1500 });
  });

  it('should start the quiet spell again at each output and each input', async () => {
    const { sampler } = scripted(() => 'not-waiting');
    const driven = drivenWatch(1234, 'terminal', { sampler });
    await driven.advance(1000);
    driven.watch.output(bytes('compiling\n'));
    await driven.advance(1000);
    driven.watch.input();
    await driven.advance(1499);
    expect(driven.samples).toEqual([]);
    await driven.advance(1);
    expect(driven.samples.map(({ at }) => at)).toEqual([3500]);
  });

  it('should sample at most once a second, however short inputWaitMs is', async () => {
    const { sampler } = scripted(() => 'not-waiting');
    const driven = drivenWatch(1234, 'terminal', { sampler, inputWaitMs: 200 });
    await driven.advance(3300);
    expect(driven.samples.map(({ at }) => at)).toEqual([200, 1200, 2200, 3200]);
  });

  it('should report a wait with when its quiet began, the prompt through formatPrompt, and the evidence', async () => {
    const { sampler } = scripted(waiting);
    const lines: string[] = [];
    const driven = drivenWatch(1234, 'terminal', { sampler });
    const watch = new InputWaitWatch({
      pid: 1234,
      input: 'terminal',
      clock: driven.clock,
      sampler,
      formatPrompt: (line) => {
        lines.push(new TextDecoder().decode(line));
        return '[redacted]';
      },
    });
    await driven.advance(700);
    watch.output(bytes('Cloning into x...\n\x1b[1mPassword for alice:\x1b[0m '));
    await driven.advance(1500);
    expect(lines).toEqual(['\x1b[1mPassword for alice:\x1b[0m ']);
    expect(watch.current).toEqual({
      since: MANUAL_EPOCH_MS + 700,
      prompt: '[redacted]',
      evidence: evidence(1500),
    });
    watch.stop();
  });

  it('should end a wait at the next output and find it again after the next quiet spell', async () => {
    let answer: InputWaitSample['verdict'] = 'waiting';
    const { sampler } = scripted(() => answer);
    const driven = drivenWatch(1234, 'terminal', { sampler });
    driven.watch.output(bytes('Continue? [y/N] '));
    await driven.advance(1500);
    expect(driven.watch.current?.prompt).toBe('Continue? [y/N]');
    driven.watch.output(bytes('\nsure?'));
    expect(driven.watch.current).toBeNull();
    await driven.advance(1500);
    expect(driven.watch.current?.prompt).toBe('sure?');
    answer = 'not-waiting';
    driven.watch.input();
    await driven.advance(5000);
    expect(driven.changes.map((wait) => wait?.prompt ?? null)).toEqual([
      'Continue? [y/N]',
      null,
      'sure?',
      null,
    ]);
  });

  it('should end a wait when a sample finds the command no longer waiting, and keep it on unknown', async () => {
    const answers: InputWaitSample['verdict'][] = ['waiting', 'unknown', 'waiting', 'not-waiting'];
    const { sampler } = scripted(() => answers.shift() ?? 'not-waiting');
    const driven = drivenWatch(1234, 'terminal', { sampler });
    driven.watch.output(bytes('> '));
    await driven.advance(4500);
    expect(driven.samples.map(({ sample }) => sample.verdict)).toEqual([
      'waiting',
      'unknown',
      'waiting',
      'not-waiting',
    ]);
    // One wait from the first sample to the last: unknown keeps it, waiting again does not report it twice.
    expect(driven.changes.map((wait) => wait?.prompt ?? null)).toEqual(['>', null]);
  });

  it('should drop a sample that output overtook', async () => {
    const driven = drivenWatch(1234, 'terminal', {
      // The command prints while it is being sampled (the sample's answer came from before).
      sampler: async (query) => {
        driven.watch.output(bytes('still working\n'));
        return { verdict: 'waiting', evidence: evidence(query.quietMs) };
      },
    });
    await driven.advance(1500);
    expect(driven.samples.length).toBe(1);
    expect(driven.changes).toEqual([]);
  });

  it('should take the prompt from the stream written last, or its last line when the line was ended', async () => {
    const { sampler } = scripted(waiting);
    const driven = drivenWatch(1234, 'stdin', { sampler });
    driven.watch.output(bytes('progress 10%'), 'stdout');
    driven.watch.output(bytes('Enter the code:\n'), 'stderr');
    await driven.advance(1500);
    expect(driven.watch.current?.prompt).toBe('Enter the code:');
  });

  it('should take the prompt after an answer as a line of its own (the answer is not echoed)', async () => {
    const { sampler } = scripted(waiting);
    const driven = drivenWatch(1234, 'terminal', { sampler });
    driven.watch.output(bytes('Name? '));
    await driven.advance(1500);
    driven.watch.input();
    driven.watch.output(bytes('Name? '));
    await driven.advance(1500);
    expect(driven.changes.map((wait) => wait?.prompt ?? null)).toEqual(['Name?', null, 'Name?']);
  });

  it('should treat a failed sample as unknown and go on sampling', async () => {
    const driven = drivenWatch(1234, 'terminal', { sampler: () => Promise.reject(new Error('EMFILE')) });
    await driven.advance(2500);
    expect(driven.samples.map(({ sample }) => sample)).toEqual([
      { verdict: 'unknown', reason: 'the sample failed: EMFILE' },
      { verdict: 'unknown', reason: 'the sample failed: EMFILE' },
    ]);
  });

  it('should stop sampling on stop() and keep the wait it had', async () => {
    const { sampler } = scripted(waiting);
    const driven = drivenWatch(1234, 'terminal', { sampler });
    driven.watch.output(bytes('Password: '));
    await driven.advance(1500);
    driven.watch.stop();
    driven.watch.output(bytes('ignored\n'));
    await driven.advance(10_000);
    expect(driven.samples.length).toBe(1);
    expect(driven.watch.current?.prompt).toBe('Password:');
    expect(driven.clock.pending).toBe(0);
  });
});
