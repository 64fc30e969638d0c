import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { version } from '../package.json';
import type { HttpOptions } from './http/http-options';
import { serveHttp } from './http/serve-http';
import { takeEnvironmentToken } from './http/token-source';
import { createPipeguardServer } from './server';
import { parseCommandLine, type ServerOptions, USAGE } from './server-options';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** Serves Streamable HTTP until a signal arrives; then closes every session and exits. */
async function mainOverHttp(
  options: ServerOptions & { http: HttpOptions },
  environmentToken: string | undefined,
): Promise<number> {
  const service = await serveHttp(
    options,
    (line) => process.stderr.write(`pipeguard-mcp: ${line}\n`),
    environmentToken,
  );
  process.once('exit', () => service.removeSpillSync());
  for (const signal of STOP_SIGNALS) {
    process.once(signal, () => {
      process.stderr.write(`pipeguard-mcp: stopping: ${signal}\n`);
      service.close(signal).then(() => process.exit(0));
    });
  }
  return 0;
}

/**
 * Runs the server on stdio until the client disconnects or a signal arrives (or, with `--http`, serves
 * Streamable HTTP until a signal arrives); then stops every running command and removes the spill
 * directories. Returns the exit status (2 for a bad command line).
 */
export async function main(argv: readonly string[]): Promise<number> {
  // First of all, on stdio too: no command may inherit the token or read it from this process's environ.
  const environmentToken = takeEnvironmentToken();
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    // One line and a pointer, as `pipeguard` answers a bad command line: the help would bury the error.
    process.stderr.write(`pipeguard-mcp: ${oneLine((error as Error).message)} (see pipeguard-mcp --help)\n`);
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
  const { options } = parsed;
  if (options.http !== null) return mainOverHttp({ ...options, http: options.http }, environmentToken);
  const { server, session, spill } = await createPipeguardServer(options);
  // The last word on the spill directory, whatever ends the process.
  process.once('exit', () => spill.removeSync());
  const stop = (reason: string) => {
    if (session.state === 'serving') process.stderr.write(`pipeguard-mcp: stopping: ${reason}\n`);
    session.close(reason).then(() => process.exit(0));
  };
  for (const signal of STOP_SIGNALS) process.once(signal, () => stop(signal));
  process.stdin.once('end', () => stop('the client closed stdin'));
  process.stdin.once('close', () => stop('the client closed stdin'));
  process.stdout.once('error', () => stop('the client stopped reading'));
  // The SDK closes the transport itself on a message over its 10 MiB read limit: stop, rather than idle
  // silently with commands still running.
  server.server.onerror = (error) => process.stderr.write(`pipeguard-mcp: ${error.message}\n`);
  server.server.onclose = () => stop('the connection closed');
  await server.connect(new StdioServerTransport());
  process.stderr.write(`pipeguard-mcp ${version}: serving on stdio; roots: ${options.roots.join(', ')}\n`);
  return 0;
}

/** parseArgs' messages run over several lines (a hint on the next); the first says what is wrong. */
const oneLine = (message: string): string => (message.split('\n')[0] as string).replace(/\.$/, '');
