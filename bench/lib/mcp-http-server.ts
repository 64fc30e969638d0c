import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// The SDK is the MCP server's dependency, not the bench's: its client is loaded from there.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The built bin, as users install it. */
export const MCP_BIN = fileURLToPath(new URL('../../packages/mcp-server/dist/cli.js', import.meta.url));

/** A `pipeguard-mcp --http` process, its URL and its token. */
export interface HttpServer {
  child: ChildProcess;
  url: string;
  token: string;
}

/** Starts `pipeguard-mcp --http 127.0.0.1:0` with a generated token, read from its stderr. */
export async function startHttpServer(maxSessions: number): Promise<HttpServer> {
  const env = { ...process.env };
  delete env['PIPEGUARD_MCP_TOKEN'];
  const child = spawn(
    process.execPath,
    [MCP_BIN, '--http', '127.0.0.1:0', '--max-sessions', String(maxSessions)],
    {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  while (!/Bearer \S+/.test(stderr)) {
    if (child.exitCode !== null) throw new Error(`pipeguard-mcp --http exited: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    url: /serving MCP over HTTP at (\S+);/.exec(stderr)?.[1] as string,
    token: /Bearer (\S+)/.exec(stderr)?.[1] as string,
  };
}

/** The SDK's HTTP client, connected with the token. */
export async function connectHttp(server: HttpServer): Promise<Client> {
  const client = new Client({ name: 'pipeguard-bench', version: '0.0.0' });
  const headers = { Authorization: `Bearer ${server.token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  return client;
}

/** Closes the clients, then stops the server. */
export async function stopHttpServer(server: HttpServer, clients: Client[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

/** Resident set size of a process, in bytes, from /proc. */
export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
