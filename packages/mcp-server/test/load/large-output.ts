import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/http-server-process';
import { rssOf, startServer } from '../helpers/server-process';

interface LargeOutputStream {
  bytes: number;
  truncated: boolean;
  text: string;
  spill_path: string | null;
}

/**
 * `run_command` on a command writing `bytes` of log lines: the server's memory stays flat and the answer
 * is bounded with a readable spill. `pnpm test` writes 256 MiB; the soak config (`pnpm test:soak`) 1 GiB.
 */
export function describeLargeOutput(bytes: number, root: () => string): void {
  describe(`run_command on a command writing ${bytes / 1024 ** 2} MiB`, () => {
    const server = useServer(startServer, () => ['--root', root()]);

    it('should keep the server under 100 MiB of RSS growth and answer with a bounded result and a readable spill path', async () => {
      const baseline = rssOf(server.pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 20);
      const answer = await server
        .call(
          'run_command',
          // Not folded: a repeated line would fold to one line, and this test is about the bounded, spilled path.
          {
            command: `yes 'INFO worker 7 processed item 123456 in 12 ms' | head -c ${bytes}`,
            fold_repeats: false,
            // The client waits as long: so may the call, before it would hand the command back as a session.
            yield_ms: 590_000,
          },
          { timeout: 600_000 },
        )
        .finally(() => clearInterval(sampler));
      const { stdout, exit_code } = answer.structuredContent as unknown as {
        exit_code: number | null;
        stdout: LargeOutputStream;
      };
      expect(exit_code).toBe(0);
      expect(stdout.bytes).toBe(bytes);
      expect(stdout.truncated).toBe(true);
      expect(stdout.text.length).toBeLessThan(33 * 1024 + 1024);
      expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
      const spill = stdout.spill_path as string;
      const window = await server.call('read_bytes', { path: spill, offset: 20_000_000, window_bytes: 96 });
      expect(window.isError).toBeFalsy();
      expect(window.text).toContain('INFO worker 7 processed item 123456 in 12 ms');
    }, 660_000);
  });
}
