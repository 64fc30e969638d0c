import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { requireBuilt } from '@pipeguard/test-utils';

/** The built MCP server's bin, as `npx pipeguard-mcp` runs it. */
export const MCP_BIN = fileURLToPath(new URL('../../../mcp-server/dist/cli.js', import.meta.url));

/** A client connected to a new built MCP server over stdio, and the server's pid. */
export interface McpConnection {
  client: Client;
  pid: number;
  close(): Promise<void>;
}

/**
 * Starts the built MCP server (`node dist/cli.js` with `args`, in `env`) and connects the SDK's own
 * client to it over stdio.
 * @throws Error when the server was not built (`pnpm build` first).
 */
export async function connectMcp(
  args: readonly string[] = [],
  env: Record<string, string> = {},
  preload: readonly string[] = [],
): Promise<McpConnection> {
  requireBuilt(MCP_BIN);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...preload.flatMap((path) => ['--require', path]), MCP_BIN, ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'pipeguard-tests', version: '0.0.0' });
  await client.connect(transport);
  return { client, pid: transport.pid as number, close: () => client.close() };
}

/** The structured result of one `run_command` call, or the text of its error. */
export async function callRunCommand(
  client: Client,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal } = {},
): Promise<{ isError: boolean; text: string; result: Record<string, unknown> | undefined }> {
  const reply = await client.callTool({ name: 'run_command', arguments: args }, undefined, {
    timeout: 60_000,
    ...options,
  });
  const content = reply.content as { type: string; text?: string }[];
  return {
    isError: reply.isError === true,
    text: content.map((part) => part.text ?? '').join(''),
    result: reply.structuredContent as Record<string, unknown> | undefined,
  };
}
