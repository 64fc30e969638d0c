import { spawn } from 'node:child_process';
import { eventually } from '@pipeguard/test-utils';
import { PassThrough } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { StreamTap } from '../src/capture/stream-tap';
import { capture } from '../src/index';

describe('capture', () => {
  it('should capture a child without a stderr of its own as one merged stream', async () => {
    // A real merge, as a pseudo-terminal does it: stderr goes to the stdout pipe.
    const child = spawn('sh', ['-c', 'exec 2>&1; echo out; echo err >&2; echo out again'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(child.stderr).toBeNull();
    const running = capture(child, { all: true });
    const result = await running;
    expect(result).toMatchObject({ stderrMerged: true, exitCode: 0 });
    expect(result.stdout.text).toBe('out\nerr\nout again\n');
    expect(result.stderr).toMatchObject({ label: 'stderr', text: '', bytes: 0 });
    expect(result.all).toBe(result.stdout);
    expect(running.stages?.all).toBe(running.stages?.stdout);
  });

  it('should say stderr is not merged when the child has both pipes', async () => {
    const child = spawn('sh', ['-c', 'echo out; echo err >&2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const result = await capture(child);
    expect(result).toMatchObject({ stderrMerged: false });
    expect(result.stderr.text).toBe('err\n');
    expect(result.all).toBeUndefined();
  });

  it('should hold the child back while the interleaved input stops taking bytes, then take every byte', async () => {
    // Arrange: 32 MiB, far more than the pipes and the inputs' buffers hold.
    const total = 32 * 1024 * 1024;
    const child = spawn('sh', ['-c', `yes 0123456789abcdef | head -c ${total}`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (!child.stdout) throw new Error('expected a stdout pipe');
    const output = new PassThrough();
    const all = new PassThrough();
    let outputBytes = 0;
    let allBytes = 0;
    output.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
    });
    const ended = new Promise<void>((resolve) => {
      new StreamTap(child.stdout, output, all, () => all.end());
      all.once('end', resolve);
    });
    // Act: the interleaved input's reader has not started.
    // Assert: the tap pauses the pipe, and the writer is held back with most of its output unread.
    expect(await eventually(() => child.stdout?.isPaused() === true, 5000)).toBe(true);
    expect(child.exitCode).toBeNull();
    expect(outputBytes).toBeLessThan(total / 4);
    all.on('data', (chunk: Buffer) => {
      allBytes += chunk.length;
    });
    await ended;
    expect(outputBytes).toBe(total);
    expect(allBytes).toBe(total);
  });
});
