import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { requireBuilt } from '@pipeguard/test-utils';
import { afterAll, beforeAll } from 'vitest';
import { BIN, type ServerUnderTest, startServer, toolCaller } from './server-process';

/** A `pipeguard-mcp --http` process: its URL, token and stderr; no client connected. */
export interface HttpServerProcess {
  child: ChildProcess;
  url: string;
  token: string;
  stderr: () => string;
  /** SIGTERM, then waits for the process to exit. */
  stop: () => Promise<void>;
}

/**
 * Starts `pipeguard-mcp --http 127.0.0.1:0` with a fresh token in a 0600 file (unless `args` or `env`
 * bring their own token, or `tokenFile` is false) and waits for the line naming its URL.
 */
export async function spawnHttpServer(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; listen?: string; tokenFile?: boolean } = {},
): Promise<HttpServerProcess> {
  requireBuilt(BIN);
  const directory = await mkdtemp(join(tmpdir(), 'pipeguard-mcp-token-'));
  const token = randomBytes(24).toString('hex');
  const tokenFile = join(directory, 'token');
  await writeFile(tokenFile, `${token}\n`, { mode: 0o600 });
  const ownToken =
    options.tokenFile === false ||
    args.includes('--token-file') ||
    options.env?.['PIPEGUARD_MCP_TOKEN'] !== undefined;
  const child = spawn(
    process.execPath,
    [
      BIN,
      '--http',
      options.listen ?? '127.0.0.1:0',
      ...(ownToken ? [] : ['--token-file', tokenFile]),
      ...args,
    ],
    { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /serving MCP over HTTP at (\S+);/.exec(stderr);
      if (match) resolve(match[1] as string);
    };
    child.stderr?.on('data', look);
    exited.then(() => reject(new Error(`pipeguard-mcp --http exited: ${stderr}`)));
  });
  await rm(directory, { recursive: true, force: true });
  return {
    child,
    url,
    token,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The SDK's HTTP client connected to `url` with `token`. */
export async function connectHttpClient(
  url: string,
  token: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'pipeguard-mcp-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** Starts `pipeguard-mcp --http` with `args` and connects the SDK's own HTTP client to it. */
export async function startHttpServer(
  args: readonly string[],
  cwd?: string,
  env?: Record<string, string>,
): Promise<ServerUnderTest> {
  const server = await spawnHttpServer(args, { cwd, env });
  const { client, transport } = await connectHttpClient(server.url, server.token);
  return {
    client,
    pid: server.child.pid as number,
    stderr: server.stderr,
    call: toolCaller(client),
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
      await server.stop();
    },
  };
}

/** The two transports every tool case runs on, from one table. */
export const TRANSPORTS = [
  ['stdio', startServer],
  ['http', startHttpServer],
] as const;

/**
 * Starts a server with `start` before the enclosing `describe`'s tests and closes it after them; the
 * returned object stands for it (`args` is read when the server starts, after outer set-up ran).
 */
export function useServer(
  start: (args: readonly string[]) => Promise<ServerUnderTest>,
  args: () => readonly string[],
): ServerUnderTest {
  let server: ServerUnderTest | undefined;
  beforeAll(async () => {
    server = await start(args());
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = () => {
    if (server === undefined) throw new Error('the server is used before it started');
    return server;
  };
  return {
    get client() {
      return current().client;
    },
    get pid() {
      return current().pid;
    },
    stderr: () => current().stderr(),
    call: (name, callArgs, options) => current().call(name, callArgs, options),
    close: () => current().close(),
  };
}
