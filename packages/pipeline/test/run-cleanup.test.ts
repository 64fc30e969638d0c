import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  collectBytes,
  eventually,
  liveGroupMembers,
  makeTempDir,
  openDescriptors,
  writePtyBlocker,
} from '@pipeguard/test-utils';
import { PassThrough } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { AbortError, run } from '../src/index';

/** Descriptors of this process, less those a test runner opens and closes on its own (none here). */
const descriptorCount = () => openDescriptors().length;

describe('run() leaves nothing behind when it fails', () => {
  it('should end the group and reject with ERR_RUN_INPUT, the input error as its cause, when input fails', async () => {
    // Arrange: a command that reads its stdin to the end, fed by a stream that fails half way.
    const input = new PassThrough();
    const running = run('sh', ['-c', 'cat > /dev/null; echo read all'], { input });
    input.write('some input\n');
    // Act
    setImmediate(() => input.destroy(new Error('the disk went away')));
    const error = await running.then(
      () => null,
      (caught: unknown) => caught,
    );
    // Assert
    expect(error).toMatchObject({
      name: 'RunError',
      code: 'ERR_RUN_INPUT',
      message: 'Cannot run "sh": its input stream failed (the disk went away)',
      cause: { message: 'the disk went away' },
    });
    expect(await eventually(() => liveGroupMembers(running.pid as number).length === 0)).toBe(true);
  });

  it('should reject with ERR_RUN_INPUT when the input stream closes before its end', async () => {
    const input = new PassThrough();
    const running = run('sh', ['-c', 'cat > /dev/null'], { input });
    setImmediate(() => input.destroy());
    await expect(running).rejects.toMatchObject({
      code: 'ERR_RUN_INPUT',
      cause: { code: 'ERR_STREAM_PREMATURE_CLOSE' },
    });
    expect(await eventually(() => liveGroupMembers(running.pid as number).length === 0)).toBe(true);
  });

  it('should throw for an invalid input or a null byte in cwd, shell or env, naming the option', () => {
    expect(() => run('true', [], { input: 42 as never })).toThrow(
      'The "input" option must be a string, a Buffer or a readable stream. Received type number (42)',
    );
    expect(() => run('true', [], { env: { BAD: 'a\0b' } })).toThrow(
      `The "env.BAD" option must be a string without null bytes. Received 'a\\x00b'`,
    );
    expect(() => run('true', [], { env: { 'B\0AD': 'x' } })).toThrow(
      `The "env" option must have keys without null bytes. Received 'B\\x00AD'`,
    );
    expect(() => run('true', [], { cwd: '/tmp\0' })).toThrow(
      'The "cwd" option must be a string without null bytes',
    );
    expect(() => run('true', [], { shell: '/bin/sh\0' })).toThrow('The "shell" option must be a string');
  });

  it('should open no file and no descriptor for 50 runs with an invalid input or a null byte in env', async () => {
    const spill = await makeTempDir('run-cleanup-spill-');
    const before = descriptorCount();
    for (let i = 0; i < 25; i++) {
      expect(() => run('true', [], { spill, input: 42 as never })).toThrow(TypeError);
      expect(() => run('true', [], { spill, env: { PATH: process.env['PATH'], BAD: 'a\0b' } })).toThrow(
        TypeError,
      );
    }
    // Files a leaking run started to open would be open by now (the opens run on libuv's threads).
    await sleep(200);
    expect(readdirSync(spill)).toEqual([]);
    expect(descriptorCount()).toBeLessThanOrEqual(before);
  });

  it('should remove the spill files and close them when the run fails after the spawn', async () => {
    const spill = await makeTempDir('run-cleanup-failed-');
    const before = descriptorCount();
    const input = new PassThrough();
    const running = run('sh', ['-c', 'seq 1 100000; cat > /dev/null'], { spill, input, maxBytes: 100 });
    setTimeout(() => input.destroy(new Error('gone')), 50);
    await expect(running).rejects.toMatchObject({ code: 'ERR_RUN_INPUT' });
    // The promise settles once the files are closed and removed: nothing to wait for.
    expect(readdirSync(spill)).toEqual([]);
    expect(descriptorCount()).toBeLessThanOrEqual(before);
  });

  it('should open no file and no descriptor for 50 pty runs when the terminal package cannot load', async () => {
    // Arrange: a child process in which @lydell/node-pty cannot load, as on a platform without its binary.
    const dir = await makeTempDir('run-cleanup-pty-');
    const spill = join(dir, 'spill');
    const script = join(dir, 'script.mts');
    writeFileSync(
      script,
      [
        "import { mkdirSync, readdirSync } from 'node:fs';",
        `import { run } from ${JSON.stringify(resolve(__dirname, '../src/index.ts'))};`,
        `mkdirSync(${JSON.stringify(spill)});`,
        "const fds = () => readdirSync('/proc/self/fd').length;",
        'const before = fds();',
        'const codes = new Set();',
        'for (let i = 0; i < 50; i++) {',
        `  await run('echo', ['hi'], { pty: true, spill: ${JSON.stringify(spill)} }).catch((error) => codes.add(error.code));`,
        '}',
        '// Files a leaking run started to open would be open by now (the opens run on libuv threads).',
        'await new Promise((resolve) => setTimeout(resolve, 200));',
        `console.log(JSON.stringify({ codes: [...codes], leaked: fds() - before, files: readdirSync(${JSON.stringify(spill)}) }));`,
      ].join('\n'),
    );
    // Act
    const tsx = resolve(__dirname, '../../../node_modules/.bin/tsx');
    const child = spawn(tsx, ['--require', writePtyBlocker(dir), script]);
    const output = (await collectBytes(child.stdout)).toString();
    // Assert
    expect(JSON.parse(output)).toEqual({ codes: ['ERR_PTY_UNAVAILABLE'], leaked: 0, files: [] });
  });

  it('should carry liveLines, pty and ptyFallback in the result of an AbortError, as in a resolved result', async () => {
    const controller = new AbortController();
    const running = run('sh', ['-c', 'echo started; exec sleep 30'], {
      liveLines: true,
      signal: controller.signal,
    });
    for await (const event of running.lines ?? []) {
      if (event.type === 'line') break;
    }
    controller.abort();
    const error = (await running.catch((caught: unknown) => caught)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.result).toMatchObject({
      cancelled: true,
      pty: false,
      ptyFallback: null,
      liveLines: { stdout: { lines: 1 }, stderr: { lines: 0 } },
    });
  });
});
