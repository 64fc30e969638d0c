import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eventually, requireBuilt } from '@pipeguard/test-utils';

/** The built bin: tests talk to what users install (CI builds before testing). */
export const BIN = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** A client connected over stdio to a server process of its own. */
export interface ServerUnderTest {
  client: Client;
  /** The server's pid, for its RSS and for signals. */
  pid: number;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Calls a tool and returns its result with the text blocks joined. */
  call: (name: string, args: Record<string, unknown>, options?: CallOptions) => Promise<ToolAnswer>;
  close: () => Promise<void>;
}

export type CallOptions = Parameters<Client['callTool']>[2];

/** A tool result with its text blocks joined, as a model reads it. */
export type ToolAnswer = CallToolResult & { text: string };

/** Starts `pipeguard-mcp` with `args` (in `cwd`, with `env` instead of the SDK's default one) and connects the SDK's own client to it. */
export async function startServer(
  args: readonly string[],
  cwd?: string,
  env?: Record<string, string>,
): Promise<ServerUnderTest> {
  requireBuilt(BIN);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    stderr: 'pipe',
    ...(cwd === undefined ? {} : { cwd }),
    ...(env === undefined ? {} : { env }),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'pipeguard-mcp-test', version: '0.0.0' });
  await client.connect(transport);
  const pid = transport.pid as number;
  return {
    client,
    pid,
    stderr: () => stderr,
    call: toolCaller(client),
    close: () => client.close(),
  };
}

/** Calls a tool through `client` and joins the answer's text blocks, as a model reads them. */
export function toolCaller(client: Client): ServerUnderTest['call'] {
  return async (name, args, options) => {
    const result = (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    return { ...result, text };
  };
}

/** Resident set size of a process, in bytes, from /proc. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0]) * 1024;
}

/** Reads a pid a command wrote to a file, once the file has it. */
export async function pidFrom(file: string): Promise<number> {
  const written = await eventually(
    () => existsSync(file) && /^\d+\n/.test(readFileSync(file, 'utf8')),
    10_000,
  );
  if (!written) throw new Error(`${file} never got a pid`);
  return Number(readFileSync(file, 'utf8'));
}
