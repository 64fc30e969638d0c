import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttpClient, spawnHttpServer } from './helpers/http-server-process';
import { openRawSession } from './helpers/raw-http';
import { pidFrom, toolCaller } from './helpers/server-process';

// What the HTTP server gives each session of its own, and where it listens when asked for any port.

let base = '';
let app = '';

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-http-resources-')));
  app = join(base, 'app');
  await mkdir(app);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

interface SpilledRun {
  structuredContent?: { stdout?: { spill_path?: string | null } };
}

describe('sessions side by side', () => {
  it('should give each session its own --max-concurrent slots and spill directory, which another session cannot read', async () => {
    const server = await spawnHttpServer(['--root', app, '--max-concurrent', '1', '--max-queue-wait', '300']);
    const busy = await connectHttpClient(server.url, server.token);
    const other = await connectHttpClient(server.url, server.token);
    try {
      // Arrange: the first session's only slot held by a command that runs until its session ends.
      const pidFile = join(app, 'slot.pid');
      const holding = toolCaller(busy.client)('run_command', {
        command: `echo $$ > ${pidFile}; exec sleep 120`,
      });
      const pid = await pidFrom(pidFile);
      // Act: the other session runs a command (past the first one's queue wait) and spills.
      const call = toolCaller(other.client);
      const ran = await call('run_command', { command: 'sleep 0.5; echo in a slot of its own' });
      const spilled = (await call('run_command', { command: 'seq 1 100000', max_bytes: 16 })) as SpilledRun;
      // Assert: served at once, not refused as busy; its spill file is its own session's.
      expect(ran.isError ?? false, ran.text).toBe(false);
      expect(ran.text).toContain('in a slot of its own');
      const spillPath = spilled.structuredContent?.stdout?.spill_path as string;
      const own = await call('read_lines', { path: spillPath, from_line: 100_000, max_lines: 1 });
      expect(own.isError ?? false, own.text).toBe(false);
      expect(own.text).toContain('100000');
      expect(isAlive(pid)).toBe(true);
      const foreign = await toolCaller(busy.client)('read_lines', {
        path: spillPath,
        from_line: 100_000,
        max_lines: 1,
      });
      expect(foreign.isError).toBe(true);
      expect(foreign.text).not.toContain('100000');
      await busy.transport.terminateSession();
      await busy.client.close();
      await holding.catch(() => {});
    } finally {
      await busy.client.close();
      await other.client.close();
      await server.stop();
    }
  });
});

describe('listening', () => {
  it('should bind 127.0.0.1 for a bare port and, for port 0, print the port it picked', async () => {
    const server = await spawnHttpServer(['--root', app], { listen: '0' });
    try {
      const match = /^http:\/\/127\.0\.0\.1:(\d+)\/mcp$/.exec(server.url);
      expect(match).not.toBeNull();
      expect(Number(match?.[1])).toBeGreaterThan(0);
      expect(server.stderr()).toContain(`serving MCP over HTTP at ${server.url}`);
      expect(await openRawSession(server.url, server.token)).toMatch(/^[\x21-\x7e]+$/);
    } finally {
      await server.stop();
    }
  });
});
