import { describe, expect, it } from 'vitest';
import { RunError, run } from '../src/index';

// Each write goes out before the next starts: with two pipes the reader may still see them in any order.
const ALTERNATING = 'echo a; echo b >&2; echo c; echo d >&2; echo e';

describe('run() with all', () => {
  it.each([1, 2, 3, 4, 5])('should keep the order the streams were written in (try %i)', async () => {
    const result = await run('sh', ['-c', ALTERNATING], { all: true });
    expect(result.all?.text).toBe('a\nb\nc\nd\ne\n');
  });

  it('should count both streams in stdout and mark stderr as merged when all is asked', async () => {
    const result = await run('sh', ['-c', ALTERNATING], { all: true });
    expect(result.stderrMerged).toBe(true);
    expect(result.all).toBe(result.stdout);
    expect(result.stdout.bytes).toBe(10);
    expect(result.stderr).toMatchObject({ bytes: 0, text: '' });
  });

  it('should keep stdout and stderr apart when all is not asked', async () => {
    const result = await run('sh', ['-c', ALTERNATING]);
    expect(result.stderrMerged).toBe(false);
    expect(result.stdout.text).toBe('a\nc\ne\n');
    expect(result.stderr.text).toBe('b\nd\n');
  });

  it('should merge through the shell a command given with the shell option', async () => {
    const result = await run('echo a; echo b >&2; echo c', [], { all: true, shell: true });
    expect(result.all?.text).toBe('a\nb\nc\n');
  });

  it('should reject a command that does not exist as it does without all', async () => {
    const failure = await run('no-such-command-pipeguard', [], { all: true }).catch((error) => error);
    expect(failure).toBeInstanceOf(RunError);
    expect(failure.code).toBe('ERR_RUN_SPAWN');
  });
});
