import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { version } from '../package.json';
import { createPipeguardServer } from './server';
import { parseCommandLine, USAGE } from './server-options';

/**
 * Runs the server on stdio until the client disconnects or a signal arrives; then stops every running
 * command and removes the spill directory. Returns the exit status (2 for a bad command line).
 */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    process.stderr.write(`pipeguard-mcp: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`pipeguard-mcp ${version}\n`);
    return 0;
  }
  const { server, session, spill } = await createPipeguardServer(parsed.options);
  // The last word on the spill directory, whatever ends the process.
  process.once('exit', () => spill.removeSync());
  const stop = (reason: string) => {
    if (session.state === 'serving') process.stderr.write(`pipeguard-mcp: stopping: ${reason}\n`);
    session.close(reason).then(() => process.exit(0));
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => stop(signal));
  process.stdin.once('end', () => stop('the client closed stdin'));
  process.stdin.once('close', () => stop('the client closed stdin'));
  process.stdout.once('error', () => stop('the client stopped reading'));
  // The SDK closes the transport itself on a message over its 10 MiB read limit: stop, rather than idle
  // silently with commands still running.
  server.server.onerror = (error) => process.stderr.write(`pipeguard-mcp: ${error.message}\n`);
  server.server.onclose = () => stop('the connection closed');
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `pipeguard-mcp ${version}: serving on stdio; roots: ${parsed.options.roots.join(', ')}\n`,
  );
  return 0;
}
