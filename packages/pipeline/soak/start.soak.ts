import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exposeGc, makeTempDir, settledMemoryUsage } from '@pipeguard/test-utils';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type CommandRead, type RunningCommand, type StartOptions, start } from '../src/index';

/** The window without a false alarm, in real time. */
const WINDOW_MS = Number(process.env.PIPEGUARD_SOAK_MS ?? 20_000);
const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** Starts a command that is stopped (its whole group) when the test finishes. */
function started(file: string, args: string[], options?: StartOptions): RunningCommand {
  const command = start(file, args, options);
  onTestFinished(async () => {
    await command.stop({ graceMs: 0 }).catch(() => {});
  });
  return command;
}

describe('start() soak', () => {
  it('should keep memory flat while a command prints 1 GiB between two reads', async () => {
    // Arrange
    const gc = exposeGc();
    const before = await settledMemoryUsage(gc);
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 100);
    onTestFinished(() => clearInterval(sampler));
    const script = `yes 'a chatty line of output' | head -c ${GiB}; echo; echo finished-marker; sleep 600`;
    const command = started('sh', ['-c', script]);
    const first = await command.read();
    // Act
    const read = await command.waitFor({ match: 'finished-marker' }, { timeoutMs: 600_000 });
    const after = await settledMemoryUsage(gc);
    // Assert
    expect(first.stdout.bytes + read.stdout.bytes).toBe(GiB + 17);
    expect(read.ranges.stdout.end).toBe(GiB + 17);
    expect(read.stdout.keptBytes).toBeLessThanOrEqual(MiB);
    expect(read.stdout.omittedBytes).toBe(read.stdout.bytes - read.stdout.keptBytes);
    process.stdout.write(
      `soak: 1 GiB between two reads; RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(peakRss / MiB).toFixed(0)} MiB, array buffers ${((after.arrayBuffers - before.arrayBuffers) / MiB).toFixed(1)} MiB above the start after\n`,
    );
    // What stays alive is the read's kept megabyte and the pipelines' buffers, not what was printed.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * MiB);
    expect(peakRss - before.rss).toBeLessThan(128 * MiB);
  }, 900_000);

  it(
    `should report no wait for input on quiet commands started and read for ${WINDOW_MS / 1000} s`,
    async () => {
      // Arrange
      const dir = await makeTempDir('pipeguard-start-soak-');
      const log = join(dir, 'quiet.log');
      writeFileSync(log, 'started\n');
      const pty = { pty: true } as const;
      const quiet: [string, RunningCommand][] = [
        ['sleep', started('sleep', ['600'], pty)],
        ['a busy loop', started('sh', ['-c', 'while :; do :; done'], pty)],
        ['a silent compile step', started('sh', ['-c', 'sleep 600; echo compiled'], pty)],
        ['tail -f of a quiet file', started('tail', ['-f', log], pty)],
        [
          'an idle python3 -m http.server',
          started('/usr/bin/python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1'], pty),
        ],
      ];
      // sort reads all its input before it prints: between the lines written to it, it is blocked reading stdin.
      const fed = started('sort', []);
      const reads = new Map<string, CommandRead[]>(quiet.map(([name]) => [name, []]));
      const fedReads: CommandRead[] = [];
      const deadline = Date.now() + WINDOW_MS;
      // Act: a long poll of each command a second, the fed one written to before each of its reads.
      while (Date.now() < deadline) {
        await Promise.all([
          ...quiet.map(async ([name, command]) =>
            reads.get(name)?.push(await command.read({ waitMs: 1000 })),
          ),
          fed.write('line\n').then(async () => fedReads.push(await fed.read({ waitMs: 1000 }))),
        ]);
      }
      // Assert
      for (const [name, command] of quiet) {
        const waits = (reads.get(name) ?? []).filter((read) => read.inputWait !== null || !read.running);
        expect({ name, waits, state: command.state }).toEqual({ name, waits: [], state: 'running' });
      }
      expect(fedReads.filter((read) => read.inputWait !== null)).toEqual([]);
      expect(fed.state).toBe('running');
    },
    WINDOW_MS + 60_000,
  );
});
