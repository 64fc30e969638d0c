import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, isAlive } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnHttpServer } from './helpers/http-server-process';
import { mcpHeaders, openRawSession, rawRequest, toolCall } from './helpers/raw-http';
import { pidFrom, startServer } from './helpers/server-process';

// Descendants that leave the command's process group (setsid, a double fork, nohup) end with the MCP session.

let base = '';
let app = '';

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-descendants-')));
  app = join(base, 'app');
  await mkdir(app);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A command that starts one escapee each way, writes their pids to files in `directory`, and exits. */
function escapees(directory: string): { command: string; pidFiles: string[] } {
  const [setsid, doubleFork, nohup] = ['setsid', 'double-fork', 'nohup'].map((name) =>
    join(directory, `${name}.pid`),
  );
  const command = [
    `setsid sh -c 'echo $$ > ${setsid}; exec sleep 300' > ${setsid}.out 2>&1 &`,
    `sh -c "sh -c 'echo \\$\\$ > ${doubleFork}; exec sleep 300' > ${doubleFork}.out 2>&1 &" &`,
    `nohup sh -c 'echo $$ > ${nohup}; exec sleep 300' > ${nohup}.out 2>&1 &`,
    `while [ ! -s ${setsid} ] || [ ! -s ${doubleFork} ] || [ ! -s ${nohup} ]; do sleep 0.02; done`,
  ].join('\n');
  return { command, pidFiles: [setsid, doubleFork, nohup] as string[] };
}

describe('the end of an MCP session', () => {
  it('should end setsid, double-fork and nohup descendants when an HTTP session is deleted', async () => {
    const server = await spawnHttpServer(['--root', app]);
    const pids: number[] = [];
    try {
      // Arrange: a finished command whose escapees run on, reported as leftovers.
      const directory = await mkdtemp(join(app, 'http-'));
      const { command, pidFiles } = escapees(directory);
      const session = await openRawSession(server.url, server.token);
      const answer = await rawRequest(server.url, {
        headers: mcpHeaders(server.token, session),
        body: toolCall(1, 'run_command', { command }),
      });
      for (const file of pidFiles) pids.push(await pidFrom(file));
      expect(answer.body).toContain('Still running after the command ended');
      for (const pid of pids) expect(answer.body).toContain(`"pid":${pid}`);
      expect(pids.every(isAlive)).toBe(true);
      // Act
      const ended = await rawRequest(server.url, {
        method: 'DELETE',
        headers: mcpHeaders(server.token, session),
      });
      // Assert: all gone (a zombie is dead), while the server serves on.
      expect(ended.status).toBe(200);
      expect(await eventually(() => !pids.some(isAlive), 10_000)).toBe(true);
    } finally {
      for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
      await server.stop();
    }
  });

  it('should end setsid, double-fork and nohup descendants when the stdio client closes', async () => {
    const server = await startServer(['--root', app]);
    const pids: number[] = [];
    try {
      const directory = await mkdtemp(join(app, 'stdio-'));
      const { command, pidFiles } = escapees(directory);
      const answer = await server.call('run_command', { command });
      for (const file of pidFiles) pids.push(await pidFrom(file));
      expect(answer.structuredContent?.['leftovers']).toEqual(
        expect.arrayContaining(pids.map((pid) => ({ pid, command: 'sleep 300' }))),
      );
      expect(answer.structuredContent?.['containment']).toBe('cgroup');
      expect(pids.every(isAlive)).toBe(true);
      // Act
      await server.close();
      // Assert
      expect(await eventually(() => !pids.some(isAlive), 10_000)).toBe(true);
    } finally {
      for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
    }
  });
});
