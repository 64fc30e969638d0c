// The SDK is the MCP server's dependency, not the bench's: its client is loaded from there.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type RunResult, run } from '@pipeguard/pipeline';
import { GiB, MiB } from './lib/inputs';
import { MCP_BIN } from './lib/mcp-http-server';
import { defineGroup, defineQuestion } from './lib/question';

interface Connected {
  client: Client;
  bytes: number;
  command: string;
}

async function connect(bytes: number): Promise<Connected> {
  const client = new Client({ name: 'pipeguard-bench', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [MCP_BIN], stderr: 'ignore' }),
  );
  const command = `yes 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......' | head -c ${bytes}`;
  return { client, bytes, command };
}

const callRunCommand = (client: Client, args: Record<string, unknown>) =>
  client.callTool({ name: 'run_command', arguments: args }, undefined, { timeout: 600_000 });

export default defineQuestion({
  id: 'mcp',
  title:
    'MCP server: a command writing 1 GiB through run_command over stdio vs run() called directly (the round trip is in mcp-http.bench.ts)',
  groups: [
    defineGroup<Connected>({
      name: 'a command writing 1 GiB of log lines',
      setup: ({ quick }) => connect(quick ? 8 * MiB : GiB),
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
