import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// The SDK is the MCP server's dependency, not the bench's: its clients are loaded from there.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type RunResult, run } from '@pipeguard/pipeline';
import { MiB } from './lib/inputs';
import { median } from './lib/measure';
import { defineGroup, defineQuestion } from './lib/question';

/** The built bin, as users install it. */
const BIN = fileURLToPath(new URL('../packages/mcp-server/dist/cli.js', import.meta.url));

/** Sixteen clients, the server's default session cap. */
const CLIENTS = 16;

/** `seq 1 1000000` writes this many bytes. */
const SEQ_BYTES = 6_888_896;

interface HttpServer {
  child: ChildProcess;
  url: string;
  token: string;
}

/** Starts `pipeguard-mcp --http 127.0.0.1:0` with a generated token, read from its stderr. */
async function startHttpServer(): Promise<HttpServer> {
  const env = { ...process.env };
  delete env['PIPEGUARD_MCP_TOKEN'];
  const child = spawn(process.execPath, [BIN, '--http', '127.0.0.1:0', '--max-sessions', String(CLIENTS)], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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

async function connectHttp(server: HttpServer): Promise<Client> {
  const client = new Client({ name: 'pipeguard-bench', version: '0.0.0' });
  const headers = { Authorization: `Bearer ${server.token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));
  return client;
}

async function stopHttpServer(server: HttpServer, clients: Client[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

/** Runs `once` `calls` times in a row and returns the median milliseconds of one. */
async function medianRoundTrip(calls: number, once: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let call = 0; call < calls; call++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return median(times);
}

const callRunCommand = (client: Client, args: Record<string, unknown>) =>
  client.callTool({ name: 'run_command', arguments: args }, undefined, { timeout: 600_000 });

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

interface RoundTrip {
  calls: number;
  stdio: Client;
  http: Client;
  server: HttpServer;
}

interface Crowd {
  server: HttpServer;
  clients: Client[];
  args: string[];
}

const ms = (value: unknown) => `median ${(value as number).toFixed(1)} ms per call`;

export default defineQuestion({
  id: 'mcp-http',
  title: 'MCP server over Streamable HTTP: round trip and 16 clients, vs run() and stdio',
  groups: [
    defineGroup<RoundTrip>({
      name: 'round-trip of `true` (bytes column: calls; correctness: median ms per call)',
      setup: async ({ quick }) => {
        const stdio = new Client({ name: 'pipeguard-bench', version: '0.0.0' });
        await stdio.connect(
          new StdioClientTransport({ command: process.execPath, args: [BIN], stderr: 'ignore' }),
        );
        const server = await startHttpServer();
        return { calls: quick ? 5 : 50, stdio, http: await connectHttp(server), server };
      },
      teardown: async ({ stdio, http, server }) => {
        await stdio.close();
        await stopHttpServer(server, [http]);
      },
      bytes: (input) => input.calls,
      baseline: 'run() directly',
      runs: 5,
      contenders: [
        {
          name: 'run() directly',
          run: ({ calls }) => medianRoundTrip(calls, () => run('true')),
          verify: ms,
        },
        {
          name: 'run_command over stdio',
          run: ({ stdio, calls }) => medianRoundTrip(calls, () => callRunCommand(stdio, { argv: ['true'] })),
          verify: ms,
        },
        {
          name: 'run_command over HTTP',
          run: ({ http, calls }) => medianRoundTrip(calls, () => callRunCommand(http, { argv: ['true'] })),
          verify: ms,
        },
      ],
    }),
    defineGroup<Crowd>({
      name: '16 clients at once, each running `seq 1 1000000` (correctness: the server process RSS growth)',
      setup: async ({ quick }) => {
        const server = await startHttpServer();
        const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connectHttp(server)));
        return { server, clients, args: ['seq', '1', quick ? '10000' : '1000000'] };
      },
      teardown: ({ server, clients }) => stopHttpServer(server, clients),
      bytes: (input) => CLIENTS * (input.args[2] === '1000000' ? SEQ_BYTES : 48_894),
      baseline: '16 run() in this process',
      runs: 3,
      contenders: [
        {
          name: '16 run() in this process',
          run: ({ args }) =>
            Promise.all(
              Array.from({ length: CLIENTS }, () =>
                run(args[0] as string, args.slice(1), { maxBytes: 32 * 1024 }),
              ),
            ),
          verify: (output) =>
            (output as RunResult[]).every((result) => result.exitCode === 0) ? 'ok: 16 runs' : 'a run failed',
        },
        {
          name: '16 HTTP clients, run_command',
          run: async ({ server, clients, args }) => {
            const pid = server.child.pid as number;
            const before = rssOf(pid);
            let peak = before;
            const sampler = setInterval(() => {
              peak = Math.max(peak, rssOf(pid));
            }, 10);
            const answers = await Promise.all(
              clients.map((client) => callRunCommand(client, { argv: args })),
            );
            clearInterval(sampler);
            return { answers, growthMiB: (Math.max(peak, rssOf(pid)) - before) / MiB };
          },
          verify: (output) => {
            const { answers, growthMiB } = output as {
              answers: { structuredContent?: { exit_code?: number } }[];
              growthMiB: number;
            };
            const ok = answers.every((answer) => answer.structuredContent?.exit_code === 0);
            return `${ok ? 'ok: 16 answers' : 'a call failed'}; server peak RSS growth ${growthMiB.toFixed(1)} MiB (target < 200)`;
          },
        },
      ],
    }),
  ],
});
