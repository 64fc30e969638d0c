import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type RunResult, run } from '@pipeguard/pipeline';
import { MiB } from './lib/inputs';
import { connectHttp, type HttpServer, rssOf, startHttpServer, stopHttpServer } from './lib/mcp-http-server';
import { defineGroup, defineQuestion } from './lib/question';

/** Sixteen clients, the server's default session cap. */
const CLIENTS = 16;

/** `seq 1 1000000` writes this many bytes. */
const SEQ_BYTES = 6_888_896;

const callRunCommand = (client: Client, args: Record<string, unknown>) =>
  client.callTool({ name: 'run_command', arguments: args }, undefined, { timeout: 600_000 });

interface Crowd {
  server: HttpServer;
  clients: Client[];
  args: string[];
}

export default defineQuestion({
  id: 'mcp-http',
  title: 'MCP server over Streamable HTTP: 16 clients at once (the round trip is in mcp.bench.ts)',
  groups: [
    defineGroup<Crowd>({
      name: '16 clients at once, each running `seq 1 1000000` (correctness: the server process RSS growth)',
      setup: async ({ quick }) => {
        const server = await startHttpServer(CLIENTS);
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
