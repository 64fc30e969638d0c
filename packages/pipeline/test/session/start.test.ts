import { readFile } from 'node:fs/promises';
import {
  exposeGc,
  liveGroupMembers,
  makeTempDir,
  processStat,
  ptyLoads,
  settledMemoryUsage,
} from '@pipeguard/test-utils';
import { Readable } from 'readable-stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  type CommandRead,
  pipeline,
  type RunningCommand,
  run,
  start,
  WaitForTimeoutError,
} from '../../src/index';

const ptyLoadsHere = ptyLoads('start() pseudo-terminal tests');
const PYTHON = '/usr/bin/python3';

/** Starts a command that is stopped (its whole group) when the test finishes. */
function started(...parameters: Parameters<typeof start>): RunningCommand {
  const command = start(...parameters);
  onTestFinished(async () => {
    await command.stop({ graceMs: 0 }).catch(() => {});
  });
  return command;
}

/** Whether no process of the group led by `pid` is alive (a zombie is dead). */
function groupGone(pid: number | undefined): boolean {
  const stat = processStat(pid as number);
  return (stat === null || stat.state === 'Z') && liveGroupMembers(pid as number).length === 0;
}

/** An HTTP server that says where it listens and logs each request's path on a line of its own. */
const SERVER = [
  "const server = require('node:http').createServer((request, response) => {",
  "  console.log(request.method + ' ' + request.url);",
  "  response.end('ok');",
  '});',
  "server.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));",
].join('\n');

describe('start() options', () => {
  it.each([
    [{ all: true }, TypeError, 'The "options" argument has an unknown option "all"'],
    [{ onInputWait: 'end' }, TypeError, 'The "options" argument has an unknown option "onInputWait"'],
    [{ maxBytes: -1 }, RangeError, 'The "maxBytes" option must be'],
    [
      { inputWaitMs: 1.5 },
      RangeError,
      'The "inputWaitMs" option must be a non-negative safe integer. Received 1.5',
    ],
  ])('should reject %j before spawning', (options, errorClass, message) => {
    expect(() => start('pipeguard-no-such-command', [], options as never)).toThrow(errorClass);
    expect(() => start('pipeguard-no-such-command', [], options as never)).toThrow(message);
  });

  it('should reject a bad read, waitFor and stop option naming it', async () => {
    const command = started('true');
    await expect(command.read({ waitMs: -1 })).rejects.toThrow(
      'The "waitMs" option must be a non-negative safe integer. Received -1',
    );
    await expect(command.waitFor({}, { timeoutMs: 10 })).rejects.toThrow(RangeError);
    expect(() => command.stop({ signal: 'TERM' as never })).toThrow(
      `The "signal" option must be a signal name such as 'SIGTERM'. Received 'TERM'`,
    );
  });

  it('should reject its result and reads with ERR_RUN_SPAWN for a missing command', async () => {
    const command = start('pipeguard-no-such-command');
    await expect(command.result).rejects.toMatchObject({ code: 'ERR_RUN_SPAWN' });
    await expect(command.read()).rejects.toMatchObject({ code: 'ERR_RUN_SPAWN' });
  });
});

describe('start() and a RunningCommand', () => {
  it('should read a server in pieces, only new output each time, then stop it with nothing left running', async () => {
    // Arrange: a server that keeps running.
    const command = started(process.execPath, ['-e', SERVER]);
    const first = await command.waitFor({ match: /^listening on \d+$/ }, { timeoutMs: 30_000 });
    expect(first).toMatchObject({ running: true, state: 'running', exitCode: null, inputWait: null });
    const port = Number(/listening on (\d+)/.exec(first.stdout.text)?.[1]);
    // Act: request it twice, reading in between.
    await (await fetch(`http://127.0.0.1:${port}/one`)).text();
    const second = await command.waitFor({ match: 'GET /one' }, { timeoutMs: 30_000 });
    await (await fetch(`http://127.0.0.1:${port}/two`)).text();
    const third = await command.waitFor({ match: 'GET /two' }, { timeoutMs: 30_000 });
    const result = await command.stop();
    // Assert: each read has only what came after the last, the ranges meet, and the group is gone.
    expect(second.stdout.text).toBe('GET /one\n');
    expect(third.stdout.text).toBe('GET /two\n');
    const reads = [first, second, third];
    expect(reads.map((read) => read.ranges.stdout)).toEqual([
      { start: 0, end: first.stdout.bytes },
      { start: first.stdout.bytes, end: first.stdout.bytes + 9 },
      { start: first.stdout.bytes + 9, end: first.stdout.bytes + 18 },
    ]);
    expect(result).toMatchObject({ signal: 'SIGTERM', exitCode: null, timedOut: false, pty: false });
    expect(result.stdout.text).toBe('');
    expect(command.state).toBe('exited');
    expect(groupGone(command.pid)).toBe(true);
    expect(await command.read()).toMatchObject({ running: false, signal: 'SIGTERM', state: 'exited' });
  });

  it('should return a long poll as soon as output comes after a write', async () => {
    const command = started('sh', ['-c', 'read line; echo "got $line"; read never']);
    const poll = command.read({ waitMs: 60_000 });
    await command.write('hello\n');
    const read = await poll;
    expect(read.stdout.text).toBe('got hello\n');
    expect(read.running).toBe(true);
  });

  it('should put the output no read took in the result, bounded, once the command ends by itself', async () => {
    const script = 'for i in $(seq 1 1000); do echo "line $i"; done';
    const command = started('sh', ['-c', script], { maxBytes: 100, keep: 'tail' });
    const result = await command.result;
    expect(result.exitCode).toBe(0);
    expect(result.stdout.bytes).toBe(result.stdout.keptBytes + result.stdout.omittedBytes);
    expect(result.stdout.text.endsWith('line 1000\n')).toBe(true);
    expect(result.stdout.keptBytes).toBeLessThanOrEqual(100);
    const after = await command.read();
    expect(after).toMatchObject({ running: false, exitCode: 0 });
    expect(after.ranges.stdout.end).toBe(result.stdout.bytes);
  });

  it('should count every byte of a chatty command exactly across reads, each bounded by maxBytes', async () => {
    const script =
      'import sys\nfor i in range(50000): sys.stdout.write(f"{i:09d} chatty line\\n")\nprint("done")';
    const command = started(PYTHON, ['-c', script], { maxBytes: 4096 });
    const reads: CommandRead[] = [];
    for (;;) {
      const read = await command.read({ waitMs: 30_000 });
      reads.push(read);
      expect(read.stdout.keptBytes).toBeLessThanOrEqual(4096);
      if (!read.running) break;
    }
    const total = 50_000 * 22 + 5;
    expect(reads.reduce((sum, read) => sum + read.stdout.bytes, 0)).toBe(total);
    for (const [index, read] of reads.entries()) {
      expect(read.ranges.stdout.start).toBe(index === 0 ? 0 : reads[index - 1]?.ranges.stdout.end);
      expect(read.ranges.stdout.end - read.ranges.stdout.start).toBe(read.stdout.bytes);
    }
  });

  it('should settle a bar redrawn across reads once, as its last state, and fold a run cut by reads with its whole count', async () => {
    // Arrange: a run of repeated lines and a progress bar, each cut by a read (the command waits for a line).
    const parts = ['start\nx\nx\n', 'x\nx\n50%\r', '100%\nend\n'];
    const script = parts
      .map((part) => `sys.stdout.write(${JSON.stringify(part)}); sys.stdout.flush(); sys.stdin.readline()`)
      .join('\n');
    const options = { render: 'terminal', foldRepeats: true } as const;
    const command = started(PYTHON, ['-c', `import sys\n${script}`], options);
    const reads: CommandRead[] = [];
    let written = 0;
    // Act: read until each part is in, then let the next come.
    for (const part of parts) {
      written += Buffer.byteLength(part);
      while ((reads.at(-1)?.ranges.stdout.end ?? 0) < written)
        reads.push(await command.read({ waitMs: 30_000 }));
      await command.write('\n');
    }
    while (reads.at(-1)?.running !== false) reads.push(await command.read({ waitMs: 30_000 }));
    const result = await command.result;
    // Assert: the ranges cover the output; kept as a transcript (a read's unsettled text replaced by the
    // next read, less what stands unchanged), the reads give run()'s text: the bar once, the run folded once.
    const raw = Buffer.from(parts.join(''));
    expect(reads[0]?.ranges.stdout.start).toBe(0);
    expect(reads.at(-1)?.ranges.stdout.end).toBe(raw.length);
    let transcript = '';
    let unsettled = '';
    for (const read of reads) {
      transcript = transcript.slice(0, transcript.length - unsettled.length + read.unchanged.stdout);
      transcript += read.stdout.text;
      unsettled = read.unsettled.stdout;
      expect(transcript.endsWith(unsettled)).toBe(true);
    }
    const whole = await pipeline(Readable.from([raw]), { ...options, label: 'stdout' });
    expect(whole.text).toBe('start\nx\n[previous line repeated 3 more times]\n100%\nend\n');
    expect(transcript).toBe(whole.text);
    expect(result.stdout.text).toBe(reads.at(-1)?.stdout.text);
    // The bar's 50% and the run's count so far were shown, unsettled, by the read that found them.
    const shown = reads.map((read) => read.unsettled.stdout).join('');
    expect(shown).toContain('50%');
    expect(shown).toContain('[previous line repeated 1 more time]');
    // A row is shown once while it stands: no read repeats the first line.
    expect(reads.filter((read) => read.stdout.text.includes('start')).length).toBe(1);
  });

  it('should give, without reads, the result run() gives for the same output', async () => {
    const script = 'printf "a\\nb\\nb\\nb\\n10%%\\r\\033[2K90%%\\r100%%\\n"; printf "err\\n" >&2';
    const options = { render: 'terminal', foldRepeats: true, maxBytes: 24, keep: 'both' } as const;
    const alone = await run('sh', ['-c', script], options);
    const result = await started('sh', ['-c', script], { ...options, endInput: true }).result;
    const fields = [
      'text',
      'bytes',
      'keptBytes',
      'omittedBytes',
      'marker',
      'renderedBytes',
      'foldedBytes',
    ] as const;
    for (const stream of ['stdout', 'stderr'] as const)
      for (const field of fields) expect(result[stream][field]).toEqual(alone[stream][field]);
    expect(result.stdout.text).toContain('100%');
  });

  it('should spill the whole stream to one file across reads, each read naming it', async () => {
    // Arrange: two parts of 2000 bytes, a read after each, 100 bytes kept per read.
    const spill = await makeTempDir('pipeguard-session-spill-');
    const script =
      'import sys\nsys.stdout.write("a" * 1999 + "\\n"); sys.stdout.flush(); sys.stdin.readline()\nprint("b" * 1999)';
    const command = started(PYTHON, ['-c', script], { maxBytes: 100, spill });
    // Act
    const first = await command.waitFor({ match: 'aaa' }, { timeoutMs: 30_000 });
    await command.write('\n');
    const result = await command.result;
    // Assert: one file, all 4000 raw bytes, named by the read and by the result.
    expect(first.stdout.truncated).toBe(true);
    expect(first.stdout.spillPath).not.toBeNull();
    expect(result.stdout.spillPath).toBe(first.stdout.spillPath);
    expect(result.stdout.spilledBytes).toBe(4000);
    const file = await readFile(result.stdout.spillPath as string, 'latin1');
    expect(file).toBe(`${'a'.repeat(1999)}\n${'b'.repeat(1999)}\n`);
  });

  it('should keep memory flat while a command prints 100 MB between two reads', async () => {
    const gc = exposeGc();
    const before = await settledMemoryUsage(gc);
    const script = "yes 'a chatty line of output' | head -c 100000000; echo; echo finished-marker; sleep 30";
    const command = started('sh', ['-c', script]);
    const read = await command.waitFor({ match: 'finished-marker' }, { timeoutMs: 120_000 });
    const after = await settledMemoryUsage(gc);
    expect(read.stdout.bytes).toBe(100_000_000 + 17);
    expect(read.stdout.keptBytes).toBeLessThanOrEqual(1024 * 1024);
    // What stays alive is the read's kept megabyte and the pipelines' buffers, not what was printed.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * 1024 * 1024);
  }, 180_000);

  it('should reject waitFor on timeout with the output so far', async () => {
    const command = started('sh', ['-c', 'echo early; sleep 30']);
    await command.waitFor({ match: 'early' }, { timeoutMs: 30_000 }).then(
      () => {},
      () => {},
    );
    const rejection = await command.waitFor({ match: 'never printed' }, { timeoutMs: 200 }).catch((e) => e);
    expect(rejection).toBeInstanceOf(WaitForTimeoutError);
    expect(rejection.read).toMatchObject({ running: true });
  });

  it('should end the whole group with SIGKILL after the grace when TERM is ignored', async () => {
    const command = started('sh', ['-c', 'trap "" TERM; sleep 30 & echo ready; wait']);
    await command.waitFor({ match: 'ready' }, { timeoutMs: 30_000 });
    const result = await command.stop({ graceMs: 100 });
    expect(result.signal).toBe('SIGKILL');
    expect(groupGone(command.pid)).toBe(true);
  });

  it('should answer a prompt on pipes found through /proc, and go back to running', async () => {
    const command = started(PYTHON, ['-c', 'name = input("Name? "); print("hello", name)'], {
      inputWaitMs: 100,
    });
    const waiting = await command.waitFor({ inputWait: true }, { timeoutMs: 30_000 });
    expect(waiting).toMatchObject({ state: 'waiting-for-input', inputWait: { prompt: 'Name?' } });
    expect(waiting.inputWait?.evidence).toMatchObject({ method: 'proc', input: 'stdin' });
    await command.write('pipeguard\n');
    const ended = await command.waitFor({ exit: true }, { timeoutMs: 30_000 });
    expect(ended.stdout.text).toBe('hello pipeguard\n');
    expect(ended).toMatchObject({ running: false, exitCode: 0, state: 'exited', inputWait: null });
  });

  it('should run 100 commands at once, each with its own output, and leave none running', async () => {
    const commands = Array.from({ length: 100 }, (_, index) => started('echo', [`command ${index}`]));
    const results = await Promise.all(commands.map((command) => command.result));
    expect(results.map((result) => result.stdout.text)).toEqual(
      commands.map((_, index) => `command ${index}\n`),
    );
    expect(commands.every((command) => groupGone(command.pid))).toBe(true);
  });

  it('should keep 100 sessions running at once, each answering its own input, then stop them all', async () => {
    // Arrange
    const sessions = Array.from({ length: 100 }, () => started('cat'));
    // Act
    const reads = await Promise.all(
      sessions.map(async (session, index) => {
        await session.write(`session ${index}\n`);
        return session.waitFor({ match: `session ${index}` }, { timeoutMs: 60_000 });
      }),
    );
    const states = sessions.map((session) => session.state);
    const results = await Promise.all(sessions.map((session) => session.stop()));
    // Assert
    expect(reads.map((read) => read.stdout.text)).toEqual(sessions.map((_, index) => `session ${index}\n`));
    expect(new Set(states)).toEqual(new Set(['running']));
    expect(results.map((result) => result.signal)).toEqual(Array(100).fill('SIGTERM'));
    expect(sessions.every((session) => groupGone(session.pid))).toBe(true);
  });
});

describe.runIf(ptyLoadsHere)('start() under a pseudo-terminal', () => {
  it('should report read -p waiting, take the answer through the terminal, and render the output', async () => {
    const command = started(
      'bash',
      ['-c', 'read -p "Your name? " name; printf "50%%\\r100%%\\nhi $name\\n"'],
      {
        pty: true,
        inputWaitMs: 100,
      },
    );
    const waiting = await command.waitFor({ inputWait: true }, { timeoutMs: 30_000 });
    expect(command.state).toBe('waiting-for-input');
    expect(waiting.inputWait).toMatchObject({
      prompt: 'Your name?',
      evidence: { method: 'proc', input: 'terminal' },
    });
    await command.write('pipeguard\n');
    const result = await command.result;
    expect(result).toMatchObject({ exitCode: 0, pty: true, stderrMerged: true });
    // The prompt's row was still on the screen: the output after the answer draws over it as a terminal does.
    expect(waiting.unsettled.stdout).toBe('Your name? ');
    expect(result.stdout.text).toBe('100% name? 50%\nhi pipeguard\n');
    expect(groupGone(command.pid)).toBe(true);
  });

  it("should redact the prompt and the last line with the chain's options, the command's env secret included", async () => {
    const secret = 'Zq8-deploy-Wv3-value-Np5';
    const command = started(
      'bash',
      ['-c', 'echo "using $DEPLOY_TOKEN"; read -p "Deploy with $DEPLOY_TOKEN? " a'],
      {
        pty: true,
        inputWaitMs: 100,
        redact: true,
        env: { ...process.env, DEPLOY_TOKEN: secret },
      },
    );
    expect(await command.settled({ inputWait: true }, 30_000)).toBe(true);
    // The last line is read before a read takes the output.
    expect(command.lastLine).toBe('Deploy with [REDACTED:env:DEPLOY_TOKEN]?');
    const waiting = await command.read();
    expect(waiting.inputWait?.prompt).toBe('Deploy with [REDACTED:env:DEPLOY_TOKEN]?');
    await command.write('y\n');
    const result = await command.result;
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});
