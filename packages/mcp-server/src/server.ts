import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { version } from '../package.json';
import { CallSlots } from './call-slots';
import { CommandSessions } from './command-sessions';
import { PathConfinement } from './path-confinement';
import type { ServerOptions } from './server-options';
import { Session } from './session';
import { SpillDirectory } from './spill-directory';
import { createListCommandsTool } from './tools/list-commands';
import { createReadBytesTool } from './tools/read-bytes';
import { createReadLinesTool } from './tools/read-lines';
import { createReadOutputTool } from './tools/read-output';
import { createRunCommandTool } from './tools/run-command';
import { createStopCommandTool } from './tools/stop-command';
import type { ServerContext, Tool } from './tools/tool';
import { createWriteInputTool } from './tools/write-input';

/** A server ready to connect to a transport, with the session that ends its commands and its spill directory. */
export interface PipeguardServer {
  server: McpServer;
  session: Session;
  spill: SpillDirectory;
}

/**
 * Builds the MCP server with its three tools: resolves the roots, creates the spill directory and the
 * session. This is the only module that touches the SDK's server API.
 * @throws When a root does not exist or is not a directory.
 */
export async function createPipeguardServer(options: ServerOptions): Promise<PipeguardServer> {
  return buildPipeguardServer(options, await PathConfinement.create(options.roots));
}

/**
 * Builds one MCP server over roots already resolved: over HTTP, each session has one, with its own
 * concurrency slots and spill directory.
 */
export async function buildPipeguardServer(
  options: ServerOptions,
  workingRoots: PathConfinement,
): Promise<PipeguardServer> {
  const spill = await SpillDirectory.create(options.spillMaxBytes, options.maxConcurrent);
  const session = new Session(() => spill.removeSync());
  const commands = new CommandSessions(spill, {
    maxSessions: options.maxKeptCommands,
    idleMs: options.keptIdleMs,
  });
  // The client is gone (disconnect, DELETE, idle, the server stopping): so is every command it kept.
  session.signal.addEventListener('abort', () => void commands.closeAll());
  const context: ServerContext = {
    workingRoots,
    readRoots: workingRoots.withRoot(spill.path),
    environment: {
      slots: new CallSlots(options.maxConcurrent, options.maxQueueWaitMs),
      spill,
      redact: options.redact,
      adoptLeftovers: (end) => session.adoptLeftovers(end),
    },
    shell: options.shell,
    allow: options.allow,
    maxTimeoutMs: options.maxTimeoutMs,
    // The environment every command is given, whose secret-named values no tool hands back.
    redact: options.redact ? { env: process.env } : null,

    commands,
  };
  const server = new McpServer({ name: 'pipeguard', version });
  register(server, session, createRunCommandTool(context));
  register(server, session, createReadBytesTool(context));
  register(server, session, createReadLinesTool(context));
  register(server, session, createReadOutputTool(context));
  register(server, session, createWriteInputTool(context));
  register(server, session, createStopCommandTool(context));
  register(server, session, createListCommandsTool(context));
  // The SDK declares tools.listChanged for any server with tools, and merging capabilities cannot remove
  // a key. This list never changes, so the claim is deleted from the object the initialize result is
  // built from (typed private in 1.32.2, public in its JavaScript); a test reads the initialize result.
  const declared = (server.server as unknown as { getCapabilities(): ServerCapabilities }).getCapabilities();
  delete declared.tools?.listChanged;
  return { server, session, spill };
}

function register(server: McpServer, session: Session, tool: Tool): void {
  const config = {
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { readOnlyHint: tool.readOnly, openWorldHint: !tool.readOnly },
  };
  server.registerTool(tool.name, config, async (input, extra) => {
    const token = extra._meta?.progressToken;
    const sendProgress =
      token === undefined
        ? null
        : (progress: number, total: number | undefined, message: string) => {
            const params = { progressToken: token, progress, total, message };
            extra.sendNotification({ method: 'notifications/progress', params }).catch(() => {});
          };
    const signal = AbortSignal.any([extra.signal, session.signal]);
    try {
      const outcome = await session.track(() => tool.handle(input, { signal, sendProgress }));
      return {
        content: outcome.content.map((text) => ({ type: 'text' as const, text })),
        structuredContent: outcome.structured,
      };
    } catch (error) {
      // Every failure is the call's answer, never the server's end: the next call is served as usual.
      const text = error instanceof Error ? error.message : String(error);
      return { isError: true, content: [{ type: 'text' as const, text }] };
    }
  });
}
