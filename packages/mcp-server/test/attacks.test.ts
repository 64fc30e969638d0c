import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eventually, isAlive } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pidFrom, type ServerUnderTest, startServer } from './helpers/server-process';

// Attacks an adversarial model or client could make, one finding each (see the README's security model).

let base = '';
let app = '';
let server: ServerUnderTest;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-attack-')));
  app = join(base, 'app');
  await mkdir(app);
  await mkdir(join(base, 'outside'));
  await writeFile(join(base, 'outside', 'exists.txt'), 'outside\n');
  await symlink(join(base, 'outside'), join(app, 'out-dir'));
  await symlink(join(base, 'outside', 'missing.txt'), join(app, 'dangling-out'));
  await writeFile(join(app, 'wide.txt'), `${'w'.repeat(60_000)}\n`.repeat(80));
  server = await startServer(['--root', app]);
});

afterAll(async () => {
  await server.close();
  await rm(base, { recursive: true, force: true });
});

describe('refusals that could reveal outside paths', () => {
  it('should answer an outside path the same whether it exists or not', async () => {
    const answers: string[] = [];
    for (const [existing, missing] of [
      [join(base, 'outside', 'exists.txt'), join(base, 'outside', 'missing.txt')],
      ['out-dir/exists.txt', 'out-dir/missing.txt'],
      ['out-dir/exists.txt', 'dangling-out'],
    ] as const) {
      const [seen, unseen] = [
        await server.call('read_bytes', { path: existing }),
        await server.call('read_bytes', { path: missing }),
      ];
      expect(seen.isError && unseen.isError).toBe(true);
      answers.push(seen.text.replace(existing, 'P'), unseen.text.replace(missing, 'P'));
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/resolves outside them$/);
    // A path inside a root still says plainly that it is missing.
    expect((await server.call('read_bytes', { path: 'missing.txt' })).text).toMatch(/does not exist/);
  });

  it('should answer links whose target passes through an outside path the same, whatever is there', async () => {
    // Arrange: each target leaves the root, meets an outside file, nothing, or a directory, and comes back.
    const through = {
      'through-file': '../outside/exists.txt/../../app/wide.txt',
      'through-missing': '../outside/missing/../../app/wide.txt',
      'through-directory': '../outside/../app/wide.txt',
      'through-file-absolute': `${base}/outside/exists.txt/../../app/wide.txt`,
      'through-missing-absolute': `${base}/outside/missing/../../app/wide.txt`,
    };
    for (const [name, target] of Object.entries(through)) await symlink(target, join(app, name));
    // Act
    const reads = new Set<string>();
    const cwds = new Set<string>();
    for (const name of Object.keys(through)) {
      for (const tool of ['read_bytes', 'read_lines']) {
        const answer = await server.call(tool, { path: name });
        expect(answer.isError, `${tool} ${name}`).toBe(true);
        reads.add(answer.text.replace(name, 'P'));
      }
      cwds.add((await server.call('run_command', { argv: ['true'], cwd: name })).text.replace(name, 'P'));
    }
    // Assert: one answer per field, naming no outside path.
    for (const answers of [reads, cwds]) {
      expect(answers.size, [...answers].join('\n')).toBe(1);
      expect([...answers][0]).toMatch(/resolves outside them$/);
      expect([...answers][0]).not.toContain('outside/');
    }
  });

  it('should refuse a path longer than PATH_MAX naming the field, without echoing it back', async () => {
    const answer = await server.call('read_lines', { path: 'a/'.repeat(50_000) });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('path');
    expect(answer.text.length).toBeLessThan(1000);
    expect((await server.call('run_command', { argv: ['echo', 'still serving'] })).text).toContain(
      'still serving',
    );
  });
});

describe('roots and the spill directory', () => {
  it('should accept a path spelled through a root given as a symlink, and refuse one spelled around it', async () => {
    await symlink(app, join(base, 'app-link'));
    await writeFile(join(app, 'via-link.txt'), 'via link\n');
    const linked = await startServer(['--root', join(base, 'app-link')]);
    try {
      for (const path of [join(base, 'app-link', 'via-link.txt'), join(app, 'via-link.txt')]) {
        expect((await linked.call('read_bytes', { path })).structuredContent).toMatchObject({
          text: 'via link\n',
        });
      }
      const around = await linked.call('read_bytes', {
        path: join(base, 'app-link', '..', 'outside', 'exists.txt'),
      });
      expect(around.text).toMatch(/resolves outside them$/);
    } finally {
      await linked.close();
    }
  });

  it('should keep spill files private (0700, 0600) and refuse a symlink a command plants in the spill directory', async () => {
    const truncated = await server.call('run_command', { command: 'seq 1 100000', max_bytes: 16 });
    const spill = (truncated.structuredContent as { stdout: { spill_path: string } }).stdout.spill_path;
    expect((await stat(dirname(spill))).mode & 0o777).toBe(0o700);
    expect((await stat(spill)).mode & 0o777).toBe(0o600);
    const planted = join(dirname(spill), 'planted');
    await server.call('run_command', { argv: ['ln', '-s', join(base, 'outside', 'exists.txt'), planted] });
    const answer = await server.call('read_bytes', { path: planted });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/resolves outside them$/);
    expect((await server.call('read_lines', { path: spill, max_lines: 1 })).text).toContain('1\t1');
  });
});

describe('a directory swapped for a symlink while reads run', () => {
  it('should never open an outside FIFO, so a writer blocked on it stays blocked', async () => {
    // race/f is a regular file inside, or (through a symlink to fifo-dir/) a FIFO outside with a writer
    // waiting for a reader: opening it even once, even non-blocking, would let the writer finish.
    const fifoDirectory = join(base, 'fifo-dir');
    await mkdir(fifoDirectory);
    execFileSync('mkfifo', [join(fifoDirectory, 'f')]);
    const writer = spawn('sh', ['-c', `echo x > ${join(fifoDirectory, 'f')}`], { stdio: 'ignore' });
    const [race, real, link] = ['race', 'race-real', 'race-link'].map((name) => join(app, name)) as [
      string,
      string,
      string,
    ];
    await mkdir(real);
    await writeFile(join(real, 'f'), 'inside\n');
    await symlink(fifoDirectory, link);
    await rename(real, race);
    let swapping = true;
    const swapper = (async () => {
      while (swapping) {
        await rename(race, real);
        await rename(link, race);
        await new Promise((resolve) => setImmediate(resolve));
        await rename(race, link);
        await rename(real, race);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let round = 0; round < 100; round++) {
        await Promise.all(Array.from({ length: 8 }, () => server.call('read_bytes', { path: 'race/f' })));
      }
    } finally {
      swapping = false;
      await swapper;
    }
    expect(isAlive(writer.pid as number)).toBe(true);
    writer.kill('SIGKILL');
  }, 120_000);
});

describe('--allow', () => {
  it('should run an allowed program from the absolute directories of PATH, never a file of that name in cwd', async () => {
    // PATH starts with ".": spawning "echo" by name would run the root's own ./echo.
    await writeFile(join(app, 'echo'), '#!/bin/sh\necho HIJACKED\n', { mode: 0o755 });
    const env = { PATH: `.:${process.env.PATH}`, HOME: process.env.HOME ?? '/' };
    const allowing = await startServer(['--root', app, '--allow', 'echo'], undefined, env);
    try {
      const answer = await allowing.call('run_command', { argv: ['echo', 'the real echo'] });
      expect(answer.text).toContain('the real echo');
      expect(answer.text).not.toContain('HIJACKED');
      for (const program of ['./echo', '/usr/bin/../bin/echo', 'env']) {
        const refused = await allowing.call('run_command', { argv: [program, 'echo', 'x'] });
        expect(refused.text).toMatch(/^The "argv" input names a program this server does not allow/);
      }
    } finally {
      await allowing.close();
    }
  });
});

describe('answers and queues bounded whatever the call asks', () => {
  it('should cap read_lines at 4 MiB of line bytes however large max_lines × max_line_bytes, and say how to go on', async () => {
    const answer = await server.call('read_lines', {
      path: 'wide.txt',
      max_lines: 10_000,
      max_line_bytes: 65_536,
    });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({
      first_line: 1,
      line_count: 64,
      next_line: 65,
      eof: false,
    });
    expect(answer.text.length).toBeLessThan(5 * 1024 * 1024);
    expect(answer.text).toContain('[max_lines 10000 lowered to 64:');
  });

  it('should refuse input over its limit naming the field, and keep serving', async () => {
    const answer = await server.call('run_command', { argv: ['true'], input: 'x'.repeat(1024 * 1024 + 1) });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('input');
    expect((await server.call('run_command', { argv: ['echo', 'still serving'] })).text).toContain(
      'still serving',
    );
  });

  it('should refuse at once a call past the bounded queue, before the running one ends', async () => {
    const queued = await startServer(['--root', app, '--max-concurrent', '1', '--max-queue-wait', '60000']);
    try {
      const pidFile = join(app, 'queue.pid');
      const order: string[] = [];
      const running = queued
        .call('run_command', { command: `echo $$ > ${pidFile}; exec sleep 120` })
        .then(() => order.push('running ended'));
      const pid = await pidFrom(pidFile);
      // Nine calls for eight places in the queue: exactly one is refused, at once.
      const calls = Array.from({ length: 9 }, () =>
        queued.call('run_command', { argv: ['true'] }).then((answer) => {
          if (answer.isError) order.push('refused');
          return answer;
        }),
      );
      expect(await eventually(() => order.includes('refused'), 10_000)).toBe(true);
      process.kill(pid, 'SIGKILL');
      await running;
      const refused = (await Promise.all(calls)).filter((answer) => answer.isError);
      expect(refused.map((answer) => answer.text)).toEqual([
        expect.stringMatching(/^The server is busy: 1 command running and 8 more waiting/),
      ]);
      expect(order).toEqual(['refused', 'running ended']);
    } finally {
      await queued.close();
    }
  });

  it('should stop, kill running commands and remove the spill directory when a message exceeds the 10 MiB read limit', async () => {
    const ending = await startServer(['--root', app]);
    const truncated = await ending.call('run_command', { command: 'seq 1 100000', max_bytes: 16 });
    const spill = (truncated.structuredContent as { stdout: { spill_path: string } }).stdout.spill_path;
    const pidFile = join(app, 'oversize.pid');
    ending.call('run_command', { command: `echo $$ > ${pidFile}; exec sleep 120` }).catch(() => {});
    const pid = await pidFrom(pidFile);
    await ending.call('run_command', { argv: ['true'], stdin: 'x'.repeat(11 * 1024 * 1024) }).catch(() => {});
    expect(await eventually(() => !isAlive(ending.pid), 5000)).toBe(true);
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(dirname(spill))).toBe(false);
    expect(ending.stderr()).toContain('stopping: the connection closed');
    await ending.close();
  });
});
