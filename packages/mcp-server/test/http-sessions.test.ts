import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, isAlive } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttpClient, spawnHttpServer } from './helpers/http-server-process';
import { mcpHeaders, openRawSession, rawRequest, toolCall } from './helpers/raw-http';
import { BIN, pidFrom, toolCaller } from './helpers/server-process';

// The HTTP session's lifecycle (created, active, closing, closed) and the server's start-up, seen from outside.

let base = '';
let app = '';

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-http-session-')));
  app = join(base, 'app');
  await mkdir(app);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A private TMPDIR for one server, so its spill directories can be watched. */
async function spillRootFor(name: string): Promise<string> {
  const directory = join(base, `${name}-tmp`);
  await mkdir(directory);
  return directory;
}

describe('an HTTP session', () => {
  it('should kill its running command and remove its spill directory when the client ends it (DELETE), then answer 404', async () => {
    const spillRoot = await spillRootFor('delete');
    const server = await spawnHttpServer(['--root', app], { env: { ...process.env, TMPDIR: spillRoot } });
    try {
      const { client, transport } = await connectHttpClient(server.url, server.token);
      const call = toolCaller(client);
      await call('run_command', { command: 'seq 1 100000', max_bytes: 16 });
      expect(readdirSync(spillRoot)).toHaveLength(1);
      const pidFile = join(app, 'delete.pid');
      const running = call('run_command', { command: `echo $$ > ${pidFile}; exec sleep 120` }).catch(
        (error: Error) => error,
      );
      const pid = await pidFrom(pidFile);
      const id = transport.sessionId as string;
      // Act
      await transport.terminateSession();
      // Assert
      expect(await eventually(() => !isAlive(pid), 5000)).toBe(true);
      expect(await eventually(() => readdirSync(spillRoot).length === 0, 5000)).toBe(true);
      const after = await rawRequest(server.url, {
        headers: mcpHeaders(server.token, id),
        body: toolCall(9, 'run_command', { argv: ['true'] }),
      });
      expect(after.status).toBe(404);
      await client.close();
      await running;
    } finally {
      await server.stop();
    }
  });

  it('should close itself after --idle-timeout without a request, but not while a call runs', async () => {
    const spillRoot = await spillRootFor('idle');
    const server = await spawnHttpServer(['--root', app, '--idle-timeout', '300'], {
      env: { ...process.env, TMPDIR: spillRoot },
    });
    try {
      const id = await openRawSession(server.url, server.token);
      const longer = await rawRequest(server.url, {
        headers: mcpHeaders(server.token, id),
        body: toolCall(1, 'run_command', { command: 'sleep 1; echo outlived the idle timeout' }),
      });
      expect(longer.body).toContain('outlived the idle timeout');
      const probe = () =>
        rawRequest(server.url, {
          method: 'GET',
          headers: { ...mcpHeaders(server.token, id), Accept: 'text/event-stream' },
        });
      // A GET stream is no activity: the session closes while it is open, and ends it.
      expect(await eventually(() => readdirSync(spillRoot).length === 0, 10_000)).toBe(true);
      expect((await probe()).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('should answer 400 to a request without a session id that is not initialize, 404 off the endpoint, 405 to PUT', async () => {
    const server = await spawnHttpServer(['--root', app]);
    try {
      const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect((await rawRequest(server.url, { headers: mcpHeaders(server.token), body: list })).status).toBe(
        400,
      );
      expect(
        (await rawRequest(server.url, { path: '/other', headers: mcpHeaders(server.token), body: list }))
          .status,
      ).toBe(404);
      expect(
        (await rawRequest(server.url, { method: 'PUT', headers: mcpHeaders(server.token), body: list }))
          .status,
      ).toBe(405);
      const garbled = await rawRequest(server.url, {
        headers: mcpHeaders(server.token),
        body: '{"jsonrpc": ',
      });
      expect(garbled.status).toBe(400);
      expect(JSON.parse(garbled.body)).toMatchObject({
        id: null,
        error: { message: expect.stringContaining('Parse error') },
      });
    } finally {
      await server.stop();
    }
  });
});

describe('the HTTP server', () => {
  it('should close every session on SIGTERM: commands killed, spill directories removed, exit 0', async () => {
    const spillRoot = await spillRootFor('sigterm');
    const server = await spawnHttpServer(['--root', app], { env: { ...process.env, TMPDIR: spillRoot } });
    const pids: number[] = [];
    for (const name of ['first', 'second']) {
      const { client } = await connectHttpClient(server.url, server.token);
      const pidFile = join(app, `sigterm-${name}.pid`);
      toolCaller(client)('run_command', { command: `echo $$ > ${pidFile}; exec sleep 120` }).catch(() => {});
      pids.push(await pidFrom(pidFile));
    }
    expect(readdirSync(spillRoot)).toHaveLength(2);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(pids.some(isAlive)).toBe(false);
    expect(readdirSync(spillRoot)).toEqual([]);
    expect(server.stderr()).toContain('stopping: SIGTERM');
  });

  it('should print a generated token once, with the URL, and accept only it', async () => {
    const env = { ...process.env };
    delete env['PIPEGUARD_MCP_TOKEN'];
    const server = await spawnHttpServer(['--root', app], { env, tokenFile: false });
    try {
      expect(await eventually(() => server.stderr().includes('Authorization: Bearer '))).toBe(true);
      const lines = server.stderr().split('\n');
      const printed = lines.filter((line) => /Authorization: Bearer /.test(line));
      expect(printed).toHaveLength(1);
      const token = (printed[0] as string).replace(/^\s*Authorization: Bearer /, '');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(server.stderr()).toContain(`serving MCP over HTTP at ${server.url}`);
      const { client } = await connectHttpClient(server.url, token);
      expect(
        (await toolCaller(client)('run_command', { argv: ['echo', 'with the printed token'] })).text,
      ).toContain('with the printed token');
      await client.close();
      await expect(connectHttpClient(server.url, server.token)).rejects.toThrow('the bearer token is wrong');
    } finally {
      await server.stop();
    }
  });

  it('should take the token from PIPEGUARD_MCP_TOKEN, print none, and hide it from the commands it runs', async () => {
    const token = 'environment-token-0123456789abcdef-0123456789';
    const server = await spawnHttpServer(['--root', app], {
      env: { ...process.env, PIPEGUARD_MCP_TOKEN: token },
    });
    try {
      expect(server.stderr()).not.toContain(token);
      const { client } = await connectHttpClient(server.url, token);
      const answer = await toolCaller(client)('run_command', { command: 'env' });
      expect(answer.text).not.toContain('PIPEGUARD_MCP_TOKEN');
      expect(answer.text).not.toContain(token);
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it("should keep PIPEGUARD_MCP_TOKEN out of /proc/<pid>/environ of the command's every ancestor", async () => {
    const token = 'environment-token-in-proc-0123456789abcdef';
    const server = await spawnHttpServer(['--root', app], {
      env: { ...process.env, PIPEGUARD_MCP_TOKEN: token },
    });
    try {
      const { client } = await connectHttpClient(server.url, token);
      // Act: the command prints its parent's initial environment, then every ancestor's up to pid 1.
      const answer = await toolCaller(client)('run_command', {
        command: String.raw`tr '\0' '\n' < /proc/$PPID/environ
pid=$PPID
while [ "$pid" -gt 1 ]; do
  echo "== $pid"; tr '\0' '\n' < /proc/$pid/environ
  pid=$(sed 's/.*) //' /proc/$pid/stat | cut -d' ' -f2)
done`,
        max_bytes: 1024 * 1024,
      });
      await client.close();
      // Assert: the server is among the ancestors read, and none shows the token.
      expect(answer.text).toContain(`== ${server.child.pid}`);
      expect(answer.text).not.toContain(token);
      expect(answer.text).not.toContain('PIPEGUARD_MCP_TOKEN');
    } finally {
      await server.stop();
    }
  });

  it.each([
    [
      'a token file readable by others',
      0o644,
      /must be readable by its owner only \(mode 0600 or stricter\)\. Received mode 0644/,
    ],
    ['a short token', 0o600, /must have at least 32 characters/],
  ])('should refuse to start with %s, exit status 1', async (_, mode, message) => {
    const file = join(base, `token-${mode}`);
    await writeFile(file, mode === 0o600 ? 'short\n' : `${'t'.repeat(40)}\n`);
    await chmod(file, mode);
    const started = spawnSync(
      process.execPath,
      [BIN, '--http', '127.0.0.1:0', '--token-file', file, '--root', app],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(started.status).toBe(1);
    expect(started.stderr).toMatch(message);
    expect(started.stderr).not.toContain('serving');
  });

  it('should exit 2 for a bad --http value, naming the form it takes', () => {
    const started = spawnSync(process.execPath, [BIN, '--http', 'localhost'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(2);
    expect(started.stderr).toContain(
      "--http must be [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080 (PORT 0 picks a free one). Received 'localhost'",
    );
  });

  it('should serve on [::1] and accept a host added with --allow-host', async () => {
    const server = await spawnHttpServer(['--root', app, '--allow-host', 'build.example'], {
      listen: '[::1]:0',
    });
    try {
      expect(server.url).toMatch(/^http:\/\/\[::1\]:\d+\/mcp$/);
      const { port } = new URL(server.url);
      const id = await openRawSession(server.url, server.token);
      const named = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token, id), Host: `build.example:${port}` },
        body: toolCall(1, 'run_command', { argv: ['echo', 'named by an allowed host'] }),
      });
      expect(named.body).toContain('named by an allowed host');
      const other = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token, id), Host: `other.example:${port}` },
        body: toolCall(2, 'run_command', { argv: ['true'] }),
      });
      expect(other.status).toBe(403);
    } finally {
      await server.stop();
    }
  });
});
