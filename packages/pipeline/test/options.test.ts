import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { feed } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { capture, pipeline, run } from '../src/index';

const unknown = (key: string, nearest?: string) =>
  `The "options" argument has an unknown option "${key}"${nearest ? ` (did you mean "${nearest}"?)` : ''}`;

function expectTypeError(call: () => unknown, message: string): void {
  expect(call).toThrow(TypeError);
  expect(call).toThrow(message);
}

describe('unknown option keys', () => {
  it.each([
    [{ maxbytes: 10 }, unknown('maxbytes', 'maxBytes')],
    [{ spil: '/tmp' }, unknown('spil', 'spill')],
    [{ timeout: 10 }, unknown('timeout')],
    [{ colour: true }, unknown('colour')],
  ])('should make pipeline() throw a TypeError for %j before reading', (options, message) => {
    const source = feed([Buffer.from('x')]);
    expectTypeError(() => pipeline(source, options as never), message);
    expect(source.readableFlowing).toBeNull();
  });

  it.each([
    [{ maxbytes: 10 }, unknown('maxbytes', 'maxBytes')],
    [{ timout: 10 }, unknown('timout', 'timeout')],
    [{ label: 'out' }, unknown('label')],
    [{ cwd: '/' }, unknown('cwd')],
  ])('should make capture() throw a TypeError for %j before reading the child', async (options, message) => {
    const child = spawn('sh', ['-c', 'echo hi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    expectTypeError(() => capture(child, options as never), message);
    expect(child.stdout?.listenerCount('data')).toBe(0);
    child.stdout?.resume();
    child.stderr?.resume();
    await once(child, 'close');
  });

  it.each([
    [{ maxbytes: 10 }, unknown('maxbytes', 'maxBytes')],
    [{ cwdir: '/' }, unknown('cwdir', 'cwd')],
    [{ inputs: 'x' }, unknown('inputs', 'input')],
    [{ processGroup: false }, unknown('processGroup')],
    [{ label: 'out' }, unknown('label')],
  ])('should make run() throw a TypeError for %j before spawning', (options, message) => {
    expectTypeError(() => run('no-such-command-pipeguard', [], options as never), message);
  });

  it('should accept every documented option of run()', async () => {
    const result = await run('cat', [], {
      maxBytes: 100,
      keep: 'both',
      fallback: null,
      binaryGuard: true,
      command: 'cat',
      guardWindowBytes: 4096,
      maxUnitBytes: 1024,
      maxLineBytes: null,
      spill: null,
      spillMaxBytes: null,
      timeout: null,
      killSignal: 'SIGTERM',
      killGrace: 100,
      pipeGrace: 100,
      signal: new AbortController().signal,
      all: true,
      cwd: '/',
      env: process.env,
      shell: false,
      input: 'every option\n',
    });
    expect(result.all?.text).toBe('every option\n');
  });
});
