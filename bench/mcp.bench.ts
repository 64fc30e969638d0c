// The SDK is the MCP server's dependency, not the bench's: its client is loaded from there.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type RunResult, run } from '@pipeguard/pipeline';
import { GiB, MiB } from './lib/inputs';
import {
  connectHttp,
  type HttpServer,
  MCP_BIN,
  startHttpServer,
  stopHttpServer,
} from './lib/mcp-http-server';
import { defineGroup, defineQuestion } from './lib/question';
import { medianRoundTrip } from './lib/round-trip';

interface Connected {
  client: Client;
  /** The same server over Streamable HTTP, for the round-trip group. */
  http: { server: HttpServer; client: Client } | null;
  /** Sequential calls per measured run of the round-trip group. */
  calls: number;
  bytes: number;
  command: string;
}

async function connect(calls: number, bytes: number, withHttp = false): Promise<Connected> {
  const client = new Client({ name: 'pipeguard-bench', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [MCP_BIN], stderr: 'ignore' }),
  );
  const command = `yes 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......' | head -c ${bytes}`;
  let http: Connected['http'] = null;
  if (withHttp) {
    const server = await startHttpServer(1);
    http = { server, client: await connectHttp(server) };
  }
  return { client, http, calls, bytes, command };
}

const callRunCommand = (client: Client, args: Record<string, unknown>) =>
  client.callTool({ name: 'run_command', arguments: args }, undefined, { timeout: 600_000 });

export default defineQuestion({
  id: 'mcp',
  title:
    'MCP server: run_command over stdio and Streamable HTTP (SDK clients to the built pipeguard-mcp) vs run() called directly',
  groups: [
    defineGroup<Connected>({
      name: 'round-trip of `true` (bytes column: calls; correctness: median ms per call)',
      setup: ({ quick }) => connect(quick ? 5 : 50, 0, true),
      teardown: async ({ client, http }) => {
        await client.close();
        if (http) await stopHttpServer(http.server, [http.client]);
      },
      bytes: (input) => input.calls,
      baseline: 'run() directly',
      runs: 5,
      contenders: [
        {
          name: 'run() directly',
          run: ({ calls }) => medianRoundTrip(calls, () => run('true')),
          verify: (ms) => `median ${(ms as number).toFixed(1)} ms per call`,
        },
        {
          name: 'run_command over stdio',
          run: ({ client, calls }) =>
            medianRoundTrip(calls, () => callRunCommand(client, { argv: ['true'] })),
          verify: (ms) => `median ${(ms as number).toFixed(1)} ms per call`,
        },
        {
          name: 'run_command over HTTP',
          run: ({ http, calls }) =>
            medianRoundTrip(calls, () =>
              callRunCommand((http as NonNullable<typeof http>).client, { argv: ['true'] }),
            ),
          verify: (ms) => `median ${(ms as number).toFixed(1)} ms per call`,
        },
      ],
    }),
    defineGroup<Connected>({
      name: 'a command writing 1 GiB of log lines',
      setup: ({ quick }) => connect(1, quick ? 32 * MiB : GiB),
      teardown: ({ client }) => client.close(),
      bytes: (input) => input.bytes,
      baseline: 'run() directly',
      runs: 3,
      contenders: [
        {
          name: 'run() directly',
          run: ({ command }) => run('/bin/sh', ['-c', command], { keep: 'both', maxBytes: 32 * 1024 }),
          verify: (output, input) =>
            (output as RunResult).stdout.bytes === input.bytes
              ? 'ok: counted every byte, kept 32 KiB'
              : 'wrong count',
        },
        {
          name: 'run_command over stdio',
          // Not folded: the repeated line would fold to one line, and this group is about the spilled path.
          run: ({ client, command }) => callRunCommand(client, { command, fold_repeats: false }),
          verify: (output, input) => {
            const { stdout } = (
              output as { structuredContent: { stdout: { bytes: number; spill_path: string } } }
            ).structuredContent;
            return stdout.bytes === input.bytes && stdout.spill_path
              ? 'ok: counted every byte, spill path named'
              : 'wrong';
          },
        },
      ],
    }),
  ],
});
