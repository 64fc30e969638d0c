import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, findProcesses, makeTempDir, ptyLoads } from '@pipeguard/test-utils';
import { describe, expect, it, onTestFinished } from 'vitest';
import { InputWaitWatch, type PtyChild, spawnPtyChild } from '../../src/index';
import { drivenWatch } from './driven-watch';

const ptyLoadsHere = ptyLoads('Input-wait quiet-command tests');
const PYTHON = '/usr/bin/python3';
/** The window without a false alarm: 20 s of quiet, sampled as the watch would (here on a manual clock). */
const QUIET_WINDOW_MS = 20_000;

/**
 * Spawns under a pseudo-terminal and resolves once the terminal's wrapper has given way to the command
 * (the samples on a manual clock come in quick succession: they must see the command, not its start-up);
 * the group is ended when the test finishes.
 */
async function quietPty(file: string, args: string[]): Promise<PtyChild> {
  const child = spawnPtyChild(file, args);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onTestFinished(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  const cmdline = () => readFileSync(`/proc/${child.pid}/cmdline`, 'latin1');
  // Until it execs the wrapper, the forked child still shows this process's command line: seen as the
  // command, it was sampled, and killed before its session existed (ESRCH), so the test waited out
  // `sleep 60` or hit its timeout on the busy loop.
  const forked = readFileSync('/proc/self/cmdline', 'latin1');
  const execed = () => {
    const now = cmdline();
    return now !== forked && !now.includes('pipeguard-pty');
  };
  expect(await eventually(execed)).toBe(true);
  return child;
}

/** Resolves once `child`'s output contains `text`, so the command is past its start. */
function outputContains(child: PtyChild, text: string): Promise<void> {
  let seen = '';
  return new Promise((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (seen.includes(text)) resolve();
    });
  });
}

/** Samples `pid` through /proc over the quiet window on a manual clock; returns the watch's record. */
async function sampleQuietWindow(pid: number, input: 'terminal' | 'stdin' = 'terminal') {
  const driven = drivenWatch(pid, input);
  await driven.advance(QUIET_WINDOW_MS);
  driven.watch.stop();
  return driven;
}

describe.runIf(ptyLoadsHere)('InputWaitWatch on quiet commands that do not wait for input', () => {
  it('should sample once a second after the quiet spell: 19 samples in 20 s', async () => {
    const child = await quietPty('sleep', ['60']);
    const { samples } = await sampleQuietWindow(child.pid as number);
    expect(samples.map(({ at }) => at)).toEqual(
      Array.from({ length: 19 }, (_, index) => 1500 + index * 1000),
    );
  });

  it.each([
    ['sleep', 'sleep', ['60']],
    ['a busy loop', 'sh', ['-c', 'while :; do :; done']],
    ['a compile step that prints nothing for a long while', 'sh', ['-c', 'sleep 60; echo compiled']],
  ])('should raise no false alarm on %s over 20 s', async (_name, file, args) => {
    const child = await quietPty(file, args);
    const { samples, changes } = await sampleQuietWindow(child.pid as number);
    expect(samples.length).toBe(19);
    expect(samples.filter(({ sample }) => sample.verdict !== 'not-waiting')).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('should not report a wait while another member of the foreground group runs', async () => {
    // One member reads the terminal, the other computes: the group is not blocked, the command is busy.
    const child = await quietPty('bash', ['-c', 'read -p "Name? " name | while :; do :; done']);
    await outputContains(child, 'Name?');
    // The reader may print its prompt before the shell has started the loop beside it.
    const running = () => findProcesses((stat) => stat.pgrp === child.pid && stat.state === 'R').length > 0;
    expect(await eventually(running)).toBe(true);
    const { samples, changes } = await sampleQuietWindow(child.pid as number);
    expect(samples.map(({ sample }) => sample)).toEqual(
      Array(19).fill({
        verdict: 'not-waiting',
        reason: expect.stringMatching(/^bash \(pid \d+\) is running/),
      }),
    );
    expect(changes).toEqual([]);
  });

  it('should raise no false alarm on tail -f of a quiet file over 20 s', async () => {
    const dir = await makeTempDir('pipeguard-tail-');
    const file = join(dir, 'quiet.log');
    writeFileSync(file, 'started\n');
    const child = await quietPty('tail', ['-f', file]);
    await outputContains(child, 'started');
    const { samples, changes } = await sampleQuietWindow(child.pid as number);
    expect(samples.filter(({ sample }) => sample.verdict !== 'not-waiting')).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('should raise no false alarm on an idle python3 -m http.server over 20 s', async () => {
    const child = await quietPty(PYTHON, ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1']);
    await outputContains(child, 'Serving HTTP');
    const { samples, changes } = await sampleQuietWindow(child.pid as number);
    expect(samples.filter(({ sample }) => sample.verdict !== 'not-waiting')).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('should raise no false alarm on a dev server that also reads keys from its terminal', async () => {
    // As Vite's "press h + enter": a Node server whose event loop has the terminal and a listening socket.
    const program = [
      "require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1', () => console.log('ready'));",
      "process.stdin.on('data', () => {});",
    ].join('\n');
    const child = await quietPty(process.execPath, ['-e', program]);
    await outputContains(child, 'ready');
    const { samples, changes } = await sampleQuietWindow(child.pid as number);
    expect(samples.filter(({ sample }) => sample.verdict !== 'not-waiting')).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('should raise no false alarm on a command reading a live input stream the caller feeds slowly', async () => {
    // sort reads all its input before it prints: between the caller's lines it is blocked reading stdin.
    const child: ChildProcess = spawn('sort', [], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    onTestFinished(() => {
      child.stdin?.destroy();
      process.kill(-(child.pid as number), 'SIGKILL');
    });
    const driven = drivenWatch(child.pid as number, 'stdin', {
      sampler: () => Promise.reject(new Error('sampled while the caller was feeding')),
    });
    // A line a second (slower than a person types, faster than the quiet spell), 20 s long.
    for (let second = 0; second < QUIET_WINDOW_MS / 1000; second++) {
      child.stdin?.write(`line ${second}\n`);
      driven.watch.input();
      await driven.advance(1000);
    }
    driven.watch.stop();
    expect(driven.samples).toEqual([]);
    expect(driven.changes).toEqual([]);
  });

  it('should raise no false alarm in real time on a quiet command over several samples', async () => {
    const dir = await makeTempDir('pipeguard-tail-real-');
    const file = join(dir, 'quiet.log');
    writeFileSync(file, 'started\n');
    const child = await quietPty('tail', ['-f', file]);
    const verdicts: string[] = [];
    const changes: unknown[] = [];
    const threeSamples = new Promise<void>((resolve) => {
      const watch = new InputWaitWatch({
        pid: child.pid as number,
        input: 'terminal',
        onChange: (wait) => changes.push(wait),
        onSample: (sample) => {
          verdicts.push(sample.verdict);
          if (verdicts.length < 3) return;
          watch.stop();
          resolve();
        },
      });
      child.stdout?.on('data', (chunk: Buffer) => watch.output(chunk));
    });
    await threeSamples;
    expect(verdicts).toEqual(['not-waiting', 'not-waiting', 'not-waiting']);
    expect(changes).toEqual([]);
  });
});
