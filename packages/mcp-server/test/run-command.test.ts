import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eventually, isAlive } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesBelow } from './helpers/files-below';
import { TRANSPORTS, useServer } from './helpers/http-server-process';
import { pidFrom, type ServerUnderTest, startServer } from './helpers/server-process';
import { describeLargeOutput } from './load/large-output';

interface StreamView {
  text: string;
  bytes: number;
  truncated: boolean;
  spill_path: string | null;
}
interface RunOutput {
  exit_code: number | null;
  signal: string | null;
  timed_out: boolean;
  pipes_held_after_exit: boolean;
  stdout: StreamView;
  stderr: StreamView;
}

let root = '';

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-run-')));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeLargeOutput(256 * 1024 * 1024, () => root);

/** This process's environment without its unset names, as a server's `env` takes it. */
function stringEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

// One table of cases, run over stdio and over Streamable HTTP alike.
describe.each(TRANSPORTS)('over %s', (transport, start) => {
  const server = useServer(start, () => ['--root', root]);

  describe('run_command with a setsid descendant holding the pipe', () => {
    it('should answer once the command exits and say the pipes were held', async () => {
      const pidFile = join(root, `${transport}-escapee.pid`);
      const answer = await server.call('run_command', {
        command: `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 120' & echo started`,
      });
      const escapee = await pidFrom(pidFile);
      try {
        const output = answer.structuredContent as unknown as RunOutput;
        expect(output.exit_code).toBe(0);
        expect(output.stdout.text).toBe('started\n');
        expect(output.pipes_held_after_exit).toBe(true);
        expect(answer.text).toContain('kept the output pipes open');
      } finally {
        process.kill(escapee, 'SIGKILL');
      }
    });
  });

  describe('run_command timeout', () => {
    it('should kill the process group at timeout and say it timed out', async () => {
      const pidFile = join(root, `${transport}-timeout.pid`);
      const answer = await server.call('run_command', {
        command: `sleep 120 & echo $! > ${pidFile}; wait`,
        timeout: 300,
      });
      const output = answer.structuredContent as unknown as RunOutput;
      expect(output.timed_out).toBe(true);
      expect(output.signal).toBe('SIGTERM');
      expect(answer.text).toMatch(/^timed out after \d+ ms \(timeout 300 ms\)/);
      expect(await eventually(() => !isAlive(Number(readFileSync(pidFile, 'utf8'))))).toBe(true);
    });
  });

  describe('run_command cancellation', () => {
    it('should kill the whole process group at once when the client cancels mid-run', async () => {
      const shellPid = join(root, `${transport}-cancel-shell.pid`);
      const childPid = join(root, `${transport}-cancel-child.pid`);
      const controller = new AbortController();
      const call = server.call(
        'run_command',
        // The shell ignores SIGTERM: only a SIGKILL ends it, so a kill that waits for a grace period would show.
        { command: `trap '' TERM; echo $$ > ${shellPid}; sleep 120 & echo $! > ${childPid}; wait` },
        { signal: controller.signal },
      );
      const pids = [await pidFrom(shellPid), await pidFrom(childPid)];
      expect(pids.every(isAlive)).toBe(true);
      controller.abort();
      await expect(call).rejects.toThrow();
      expect(await eventually(() => pids.every((pid) => !isAlive(pid)), 1000)).toBe(true);
    });
  });

  describe('a cancelled run_command', () => {
    // A server of its own, whose spill root (its TMPDIR) holds nothing else.
    let spillRoot = '';
    let own: ServerUnderTest | undefined;
    beforeAll(async () => {
      spillRoot = join(root, `${transport}-cancel-spill`);
      await mkdir(spillRoot);
      own = await start(['--root', root], undefined, { ...stringEnv(), TMPDIR: spillRoot });
    });
    afterAll(async () => {
      await own?.close();
    });

    it('should keep what it printed for list_commands and read_output, its spill file removed at the cancel', async () => {
      // Arrange: a command that outgrows max_bytes (so it spills), then runs until killed.
      const server = own as ServerUnderTest;
      const shellPid = join(root, `${transport}-cancel-kept.pid`);
      const controller = new AbortController();
      const call = server.call(
        'run_command',
        { command: `echo $$ > ${shellPid}; seq 1 100000; exec sleep 120`, max_bytes: 200 },
        { signal: controller.signal },
      );
      const pid = await pidFrom(shellPid);
      const spilled = () => filesBelow(spillRoot).some((path) => statSync(path).size >= 588_895);
      expect(await eventually(spilled, 10_000)).toBe(true);
      // Act
      controller.abort();
      await expect(call).rejects.toThrow();
      // Assert: the server hears of the cancel after the client gave up; once it lists the ended command,
      // the group is gone and no spill file is left.
      type Listed = {
        commands: { session_id: string; state: string; command: string; cancelled: boolean }[];
      };
      const listed = async () =>
        ((await server.call('list_commands', {})).structuredContent as Listed).commands.find((entry) =>
          entry.command.includes(shellPid),
        );
      let kept = await listed();
      for (let tries = 0; tries < 500 && kept === undefined; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        kept = await listed();
      }
      expect(kept).toMatchObject({ state: 'exited', cancelled: true });
      expect(isAlive(pid)).toBe(false);
      expect(filesBelow(spillRoot)).toEqual([]);
      const read = await server.call('read_output', { session_id: kept?.session_id });
      const stdout = (read.structuredContent as unknown as RunOutput).stdout;
      expect(read.text).toMatch(/^Cancelled: /);
      expect(stdout).toMatchObject({ truncated: true, spill_path: null, bytes: 588_895 });
      expect(stdout.text.startsWith('1\n2\n3\n')).toBe(true);
      expect(stdout.text.endsWith('99999\n100000\n')).toBe(true);
      expect(await listed()).toBeUndefined();
    });
  });

  describe('run_command progress', () => {
    it('should send progress notifications with the bytes per stream while the command runs', async () => {
      const notes: { progress: number; total?: number; message?: string }[] = [];
      const answer = await server.call(
        'run_command',
        { command: 'echo first; sleep 1; echo second >&2; sleep 1.2; echo done', timeout: 60_000 },
        { onprogress: (progress) => notes.push(progress) },
      );
      expect(answer.structuredContent).toMatchObject({ exit_code: 0 });
      expect(notes.length).toBeGreaterThanOrEqual(3);
      expect(notes.every((note) => note.total === 60_000)).toBe(true);
      const progress = notes.map((note) => note.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(notes[0]?.message).toMatch(/stdout 6 bytes, stderr 0 bytes/);
      expect(notes.at(-1)?.message).toMatch(/stdout 6 bytes, stderr 7 bytes/);
    });
  });

  describe('run_command concurrency', () => {
    it('should answer 20 concurrent calls, each with its own output', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          server.call('run_command', { command: `sleep 0.1; echo call ${index}` }),
        ),
      );
      expect(answers.map((answer) => (answer.structuredContent as unknown as RunOutput).stdout.text)).toEqual(
        Array.from({ length: 20 }, (_, index) => `call ${index}\n`),
      );
    });

    it('should refuse a call that waited longer than --max-queue-wait for a slot, with a clear message', async () => {
      const busy = await start(['--root', root, '--max-concurrent', '1', '--max-queue-wait', '200']);
      try {
        const pidFile = join(root, `${transport}-busy.pid`);
        const first = busy.call('run_command', {
          command: `echo $$ > ${pidFile}; exec sleep 120`,
          timeout: 60_000,
        });
        await pidFrom(pidFile);
        const second = await busy.call('run_command', { command: 'echo never' });
        expect(second.isError).toBe(true);
        expect(second.text).toContain('The server is busy: 1 command already running for 200 ms');
        expect(second.text).not.toContain('"command"');
        process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
        expect((await first).structuredContent).toMatchObject({ signal: 'SIGKILL' });
      } finally {
        await busy.close();
      }
    });
  });

  describe('run_command with --allow', () => {
    it('should run only listed programs as argv and refuse shell strings', async () => {
      const allowing = await start(['--root', root, '--allow', 'echo']);
      try {
        expect((await allowing.call('run_command', { argv: ['echo', 'ok'] })).text).toContain('ok');
        const other = await allowing.call('run_command', { argv: ['cat', '/etc/passwd'] });
        expect(other.isError).toBe(true);
        expect(other.text).toBe(
          'The "argv" input names a program this server does not allow: "cat" (allowed: echo)',
        );
        const shell = await allowing.call('run_command', { command: 'echo ok' });
        expect(shell.isError).toBe(true);
        expect(shell.text).toContain('The "command" input is refused');
      } finally {
        await allowing.close();
      }
    });
  });

  describe('run_command with --shell and --max-timeout', () => {
    it('should run command strings with the given shell and cap timeout at the server limit', async () => {
      const configured = await start(['--root', root, '--shell', '/bin/bash', '--max-timeout', '300']);
      try {
        const bash = await configured.call('run_command', { command: 'echo "bash $BASH_VERSINFO"' });
        expect((bash.structuredContent as unknown as RunOutput).stdout.text).toMatch(/^bash \d+\n$/);
        const capped = await configured.call('run_command', { command: 'sleep 60', timeout: 60_000 });
        expect(capped.structuredContent).toMatchObject({ timed_out: true, timeout_ms: 300 });
        expect(capped.text).toContain("timeout 60000 ms was capped to the server's limit of 300 ms.");
      } finally {
        await configured.close();
      }
    });
  });
});

describe('server shutdown', () => {
  it.each([
    ['the client disconnects', (ended: ServerUnderTest) => ended.close(), 'the client closed stdin'],
    ['the server gets SIGTERM', (ended: ServerUnderTest) => process.kill(ended.pid, 'SIGTERM'), 'SIGTERM'],
  ])('should kill running commands and remove the spill directory when %s', async (_, end, reason) => {
    const ending = await startServer(['--root', root]);
    const truncated = await ending.call('run_command', { command: 'seq 1 100000', max_bytes: 16 });
    const spillDirectory = dirname(
      (truncated.structuredContent as unknown as RunOutput).stdout.spill_path as string,
    );
    expect(existsSync(spillDirectory)).toBe(true);
    const pidFile = join(root, `shutdown-${reason.length}.pid`);
    ending.call('run_command', { command: `echo $$ > ${pidFile}; exec sleep 120` }).catch(() => {});
    const pid = await pidFrom(pidFile);
    await end(ending);
    expect(await eventually(() => !isAlive(ending.pid), 5000)).toBe(true);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(spillDirectory)).toBe(false);
    expect(ending.stderr()).toContain(`stopping: ${reason}`);
    await ending.close();
  });
});
