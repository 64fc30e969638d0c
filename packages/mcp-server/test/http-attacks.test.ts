import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, liveGroupMembers } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesBelow } from './helpers/files-below';
import { type HttpServerProcess, spawnHttpServer } from './helpers/http-server-process';
import { INITIALIZE, mcpHeaders, openRawSession, rawRequest, toolCall } from './helpers/raw-http';
import { pidFrom, rssOf } from './helpers/server-process';

// Attacks on the HTTP transport, one finding each (see the README's section on serving over HTTP).

let base = '';
let app = '';
let spillRoot = '';
let server: HttpServerProcess;
let session = '';

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-http-attack-')));
  app = join(base, 'app');
  spillRoot = join(base, 'tmp');
  await mkdir(app);
  await mkdir(spillRoot);
  server = await spawnHttpServer(['--root', app], { env: { ...process.env, TMPDIR: spillRoot } });
  session = await openRawSession(server.url, server.token);
});

afterAll(async () => {
  await server.stop();
  await rm(base, { recursive: true, force: true });
});

/** A call that would leave a file behind if any tool code ran for it. */
function markerCall(name: string): { body: string; marker: string } {
  const marker = join(app, `${name}.ran`);
  return { body: toolCall(1, 'run_command', { argv: ['touch', marker] }), marker };
}

describe('authentication', () => {
  it('should answer 401 with a Bearer challenge, before any tool code, a request without a token', async () => {
    const { body, marker } = markerCall('no-token');
    const answer = await rawRequest(server.url, { headers: mcpHeaders(null, session), body });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="pipeguard-mcp"');
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(existsSync(marker)).toBe(false);
  });

  it('should answer 401 to a wrong token: another one, one character off, a prefix, the right one padded', async () => {
    const { body, marker } = markerCall('wrong-token');
    const token = server.token;
    const wrong = [
      'x'.repeat(token.length),
      `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`,
      token.slice(0, 16),
      `${token}0`,
    ];
    for (const candidate of wrong) {
      const answer = await rawRequest(server.url, { headers: mcpHeaders(candidate, session), body });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    const basic = {
      ...mcpHeaders(null, session),
      Authorization: `Basic ${Buffer.from(`u:${token}`).toString('base64')}`,
    };
    expect((await rawRequest(server.url, { headers: basic, body })).status).toBe(401);
    expect(existsSync(marker)).toBe(false);
  });

  it('should refuse a token in the query string with 401, even with the right Authorization header', async () => {
    const { body, marker } = markerCall('query-token');
    for (const query of [
      `?access_token=${server.token}`,
      `?token=${server.token}`,
      `?t=${server.token}`,
      '?access_token=x',
    ]) {
      const answer = await rawRequest(server.url, {
        path: `/mcp${query}`,
        headers: mcpHeaders(server.token, session),
        body,
      });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toContain('error="invalid_request"');
      expect(answer.body).toContain('Authorization header');
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe('the token in the URL', () => {
  const percentEncoded = (text: string) =>
    [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  it.each([
    ['in the path', (token: string) => `/mcp/${token}`],
    ['as the path', (token: string) => `/${token}`],
    ['as a query name', (token: string) => `/mcp?${token}`],
    ['as a query name with a value', (token: string) => `/mcp?${token}=1`],
    ['as a query value', (token: string) => `/mcp?x=${token}`],
    ['after Bearer in a query value', (token: string) => `/mcp?x=Bearer%20${token}`],
    ['with a trailing space in a query value', (token: string) => `/mcp?x=${token}%20`],
    ['inside a longer query value', (token: string) => `/mcp?x=a${token}b`],
    ['percent-encoded in a query value', (token: string) => `/mcp?x=${percentEncoded(token)}`],
    ['percent-encoded twice in the path', (token: string) => `/mcp/${percentEncoded(percentEncoded(token))}`],
    ['in the fragment', (token: string) => `/mcp#${token}`],
  ])('should answer 401 beside the right header when the token is %s', async (form, urlOf) => {
    const { body, marker } = markerCall(`token-${form.replace(/\W+/g, '-')}`);
    const answer = await rawRequest(server.url, {
      path: urlOf(server.token),
      headers: mcpHeaders(server.token, session),
      body,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('error="invalid_request"');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('DNS rebinding', () => {
  it('should answer 403 to a foreign Host, with the right token', async () => {
    const { body, marker } = markerCall('foreign-host');
    const port = new URL(server.url).port;
    for (const host of [
      `evil.example.com:${port}`,
      'evil.example.com',
      `localhost.evil.example:${port}`,
      `127.0.0.1@evil.example:${port}`,
    ]) {
      const answer = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token, session), Host: host },
        body,
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('Host');
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('should answer 403 to a foreign Origin, with the right token and Host', async () => {
    const { body, marker } = markerCall('foreign-origin');
    for (const origin of ['http://evil.example.com', 'https://evil.example.com:443', 'null', 'file://']) {
      const answer = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token, session), Origin: origin },
        body,
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('Origin');
    }
    expect(existsSync(marker)).toBe(false);
    const local = await rawRequest(server.url, {
      headers: {
        ...mcpHeaders(server.token, session),
        Origin: `http://localhost:${new URL(server.url).port}`,
      },
      body: toolCall(2, 'run_command', { argv: ['echo', 'a local page'] }),
    });
    expect(local.status).toBe(200);
    expect(local.body).toContain('a local page');
  });
});

describe('bounds', () => {
  it('should answer 413 to a body over --max-body-bytes, declared or streamed, and keep serving', async () => {
    // fetch, as the SDK's client sends: it reads the answer while the body is still being written.
    const huge = Buffer.from(
      toolCall(3, 'run_command', { argv: ['true'], stdin: 'x'.repeat(9 * 1024 * 1024) }),
    );
    const headers = mcpHeaders(server.token, session);
    const declared = await fetch(server.url, { method: 'POST', headers, body: huge });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain('exceeds 8388608 bytes');
    const chunks = new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < huge.length; offset += 65_536)
          controller.enqueue(huge.subarray(offset, offset + 65_536));
        controller.close();
      },
    });
    const streamed = await fetch(server.url, {
      method: 'POST',
      headers,
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const after = await rawRequest(server.url, {
      headers: mcpHeaders(server.token, session),
      body: toolCall(4, 'run_command', { argv: ['echo', 'still serving'] }),
    });
    expect(after.body).toContain('still serving');
  });
});

describe('sessions', () => {
  it('should not let another client use a session id it learnt: 404 from another address, even with the token', async () => {
    const other = '127.0.0.2';
    const { body, marker } = markerCall('other-client');
    const posted = await rawRequest(server.url, {
      headers: mcpHeaders(server.token, session),
      body,
      localAddress: other,
    });
    expect(posted.status).toBe(404);
    const listening = await rawRequest(server.url, {
      method: 'GET',
      headers: { ...mcpHeaders(server.token, session), Accept: 'text/event-stream' },
      localAddress: other,
    });
    expect(listening.status).toBe(404);
    const ended = await rawRequest(server.url, {
      method: 'DELETE',
      headers: mcpHeaders(server.token, session),
      localAddress: other,
    });
    expect(ended.status).toBe(404);
    expect(
      (await rawRequest(server.url, { headers: mcpHeaders(null, session), body, localAddress: other }))
        .status,
    ).toBe(401);
    expect(existsSync(marker)).toBe(false);
    // The session's own client is unaffected.
    const own = await rawRequest(server.url, {
      headers: mcpHeaders(server.token, session),
      body: toolCall(5, 'run_command', { argv: ['echo', 'still mine'] }),
    });
    expect(own.body).toContain('still mine');
  });

  it('should not let a holder of another token use or end a session: 404 from the same address', async () => {
    // Arrange: a server that knows two tokens, one per client; client A opens a session.
    const directory = await mkdtemp(join(base, 'tokens-'));
    const tokenA = randomBytes(24).toString('hex');
    const tokenB = randomBytes(24).toString('hex');
    const tokenFile = join(directory, 'tokens');
    await writeFile(tokenFile, `${tokenA}\n${tokenB}\n`, { mode: 0o600 });
    const shared = await spawnHttpServer(['--root', app, '--token-file', tokenFile]);
    try {
      const sessionA = await openRawSession(shared.url, tokenA);
      const { body, marker } = markerCall('other-token');
      // Act: B, from the same address, presents A's session id.
      const posted = await rawRequest(shared.url, { headers: mcpHeaders(tokenB, sessionA), body });
      const ended = await rawRequest(shared.url, {
        method: 'DELETE',
        headers: mcpHeaders(tokenB, sessionA),
      });
      // Assert: not found either way, nothing ran; A's session serves on, and B may open its own.
      expect(posted.status).toBe(404);
      expect(ended.status).toBe(404);
      expect(existsSync(marker)).toBe(false);
      const own = await rawRequest(shared.url, {
        headers: mcpHeaders(tokenA, sessionA),
        body: toolCall(1, 'run_command', { argv: ['echo', 'still A'] }),
      });
      expect(own.body).toContain('still A');
      expect(await openRawSession(shared.url, tokenB)).not.toBe(sessionA);
    } finally {
      await shared.stop();
    }
  });

  it('should end the command group and remove its spill when the client disconnects mid-run', async () => {
    // Arrange: a command that spills and runs until killed, its shell's pid (its group) in a file.
    const pidFile = join(app, 'disconnect.pid');
    const command = `echo $$ > ${pidFile}; seq 1 100000000`;
    let sent: import('node:http').ClientRequest | undefined;
    const answer = rawRequest(server.url, {
      headers: mcpHeaders(server.token, session),
      body: toolCall(6, 'run_command', { command, max_bytes: 64 }),
      onRequest: (request) => {
        sent = request;
      },
    }).catch((error: Error) => error);
    const group = await pidFrom(pidFile);
    expect(await eventually(() => filesBelow(spillRoot).length > 0, 10_000)).toBe(true);
    expect(liveGroupMembers(group).length).toBeGreaterThan(0);
    // Act
    sent?.destroy();
    await answer;
    // Assert: nothing of the command left running (a zombie is dead), no spill file left.
    expect(await eventually(() => liveGroupMembers(group).length === 0, 10_000)).toBe(true);
    expect(await eventually(() => filesBelow(spillRoot).length === 0, 10_000)).toBe(true);
    const after = await rawRequest(server.url, {
      headers: mcpHeaders(server.token, session),
      body: toolCall(7, 'run_command', { argv: ['echo', 'session still open'] }),
    });
    expect(after.body).toContain('session still open');
  });

  it('should refuse sessions past --max-sessions with 503 and Retry-After when 200 clients initialize at once', async () => {
    const crowded = await spawnHttpServer(['--root', app, '--max-sessions', '16']);
    try {
      // Act: 200 initialize requests at once, each on its own connection.
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          rawRequest(crowded.url, { headers: mcpHeaders(crowded.token), body: INITIALIZE }),
        ),
      );
      // Assert: exactly 16 sessions, every other client told to come back.
      const opened = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(opened).toHaveLength(16);
      expect(refused).toHaveLength(184);
      expect(refused.every((answer) => Number(answer.headers['retry-after']) > 0)).toBe(true);
      // A session ended makes room for one more.
      const id = opened[0]?.headers['mcp-session-id'] as string;
      const ended = await rawRequest(crowded.url, {
        method: 'DELETE',
        headers: mcpHeaders(crowded.token, id),
      });
      expect(ended.status).toBe(200);
      expect(await openRawSession(crowded.url, crowded.token)).toMatch(/^[\x21-\x7e]+$/);
    } finally {
      await crowded.stop();
    }
  });
});

describe('nested bodies', () => {
  it('should refuse a 4 MB body nested 2 million levels with a JSON-RPC error, memory within a few MiB', async () => {
    // Arrange: a server of its own, measured once it has served a call.
    const measured = await spawnHttpServer(['--root', app]);
    try {
      const id = await openRawSession(measured.url, measured.token);
      const { body, marker } = markerCall('nested');
      const nested = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`;
      await rawRequest(measured.url, { headers: mcpHeaders(measured.token, id), body });
      const before = rssOf(measured.child.pid as number);
      // Act
      const answer = await rawRequest(measured.url, {
        headers: mcpHeaders(measured.token, id),
        body: nested,
      });
      // Assert
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: -32600, message: expect.stringContaining('deeper than 64 levels') },
      });
      expect(rssOf(measured.child.pid as number) - before).toBeLessThan(32 * 1024 * 1024);
      expect(existsSync(marker)).toBe(true);
    } finally {
      await measured.stop();
    }
  });
});

describe('connection flood', () => {
  it('should answer an authorised request while 1 030 connections without the token sit idle', async () => {
    // Long deadlines, so that only the bound on unproven connections can make room.
    const flooded = await spawnHttpServer([
      '--root',
      app,
      '--header-timeout',
      '60000',
      '--request-timeout',
      '60000',
    ]);
    const { port } = new URL(flooded.url);
    const sockets: ReturnType<typeof connect>[] = [];
    try {
      // Arrange: 1 030 connections that send nothing, more than the server's 1 024 connections.
      let closed = 0;
      for (let index = 0; index < 1030; index++) {
        const socket = connect(Number(port), '127.0.0.1');
        socket.on('error', () => {});
        socket.on('close', () => closed++);
        sockets.push(socket);
      }
      // Some are closed by the server only once it has taken all of them in (dropped or evicted).
      expect(await eventually(() => closed >= 1030 - 1024, 60_000)).toBe(true);
      // Act
      const id = await openRawSession(flooded.url, flooded.token);
      const answer = await rawRequest(flooded.url, {
        headers: mcpHeaders(flooded.token, id),
        body: toolCall(1, 'run_command', { argv: ['echo', 'served through the flood'] }),
      });
      // Assert
      expect(answer.body).toContain('served through the flood');
    } finally {
      for (const socket of sockets) socket.destroy();
      await flooded.stop();
    }
  });
});

describe('slow clients', () => {
  it('should close slowloris and silent connections at their deadlines and serve others meanwhile', async () => {
    const patient = await spawnHttpServer([
      '--root',
      app,
      '--header-timeout',
      '1000',
      '--request-timeout',
      '2000',
    ]);
    const { port } = new URL(patient.url);
    const sockets: ReturnType<typeof connect>[] = [];
    const trickles: NodeJS.Timeout[] = [];
    try {
      // Arrange: 20 clients that send headers one byte at a time, 20 that send a body that way, and 10
      // that connect and send nothing.
      const closed: boolean[] = [];
      for (let index = 0; index < 50; index++) {
        const socket = connect(Number(port), '127.0.0.1');
        sockets.push(socket);
        closed.push(false);
        socket.on('close', () => {
          closed[index] = true;
        });
        socket.on('error', () => {});
        if (index >= 40) continue;
        const slowBody = index >= 20;
        const head = slowBody
          ? `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${patient.token}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`
          : '';
        socket.write(head);
        let sentBytes = 0;
        // At most 100 bytes at 5 a second: the loop ends by itself long after the server's deadline.
        trickles.push(
          setInterval(() => {
            if (sentBytes++ < 100 && !socket.destroyed) socket.write(slowBody ? ' ' : 'G');
          }, 200),
        );
      }
      // Act: a well-behaved client meanwhile.
      const id = await openRawSession(patient.url, patient.token);
      const answer = await rawRequest(patient.url, {
        headers: mcpHeaders(patient.token, id),
        body: toolCall(1, 'run_command', { argv: ['echo', 'served while others crawl'] }),
      });
      expect(answer.body).toContain('served while others crawl');
      // Assert: the server closed every slow connection itself.
      expect(await eventually(() => closed.every(Boolean), 15_000)).toBe(true);
    } finally {
      for (const trickle of trickles) clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
      await patient.stop();
    }
  });
});
