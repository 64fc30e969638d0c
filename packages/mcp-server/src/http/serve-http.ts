import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PathConfinement } from '../path-confinement';
import type { ServerOptions } from '../server-options';
import { BearerAuth } from './bearer-token';
import { ConnectionAdmission } from './connection-admission';
import { HostOriginPolicy, LOOPBACK_HOSTS, normalizeHostName } from './host-origin';
import type { HttpOptions } from './http-options';
import { serverTimeouts } from './limits';
import { createMcpEndpoint, MCP_PATH } from './mcp-endpoint';
import { SessionRegistry } from './session-registry';
import { loadBearerTokens, TOKEN_ENVIRONMENT_VARIABLE } from './token-source';

/** A running HTTP server: its URL, and how to stop it. */
export interface HttpService {
  /** The MCP endpoint's URL, with the port actually bound. */
  url: string;
  /** Sessions open now. */
  readonly sessions: number;
  /** Stops accepting, closes every session (their commands ended, spill removed) and every connection. */
  close(reason: string): Promise<void>;
  /** Removes every session's spill directory at once, for the process's `exit` handler. */
  removeSpillSync(): void;
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${MCP_PATH}`;
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Serves the MCP endpoint over Streamable HTTP on `options.http`, authentication always on (the token
 * from `--token-file`, else `environmentToken`, else a generated one), and writes the URL (and a
 * generated token, once) to `log`.
 * @throws When a root is missing, the token file is refused, or the address cannot be bound.
 */
export async function serveHttp(
  options: ServerOptions & { http: HttpOptions },
  log: (line: string) => void,
  environmentToken: string | undefined,
): Promise<HttpService> {
  const { http } = options;
  const roots = await PathConfinement.create(options.roots);
  const policy = new HostOriginPolicy(http.host, http.allowHosts);
  const tokens = await loadBearerTokens(http.tokenFile, environmentToken);
  const registry = new SessionRegistry(http.maxSessions);
  const admission = new ConnectionAdmission(http.headerTimeoutMs);
  const endpoint = createMcpEndpoint({
    policy,
    auth: new BearerAuth(tokens.values),
    onAuthorised: (socket) => admission.prove(socket),
    registry,
    maxBodyBytes: http.maxBodyBytes,
    session: { options, roots, idleTimeoutMs: http.idleTimeoutMs },
  });
  const server = createServer(serverTimeouts(http), endpoint);
  admission.watch(server);
  // A client that asks before sending its body gets the same checks first: it is told to go on only
  // when the body will be read (Node would otherwise answer 100 Continue to anyone).
  server.on('checkContinue', endpoint);
  const url = urlOf(await listen(server, http.host, http.port));
  log(`serving MCP over HTTP at ${url}; roots: ${roots.roots.join(', ')}`);
  const bound = normalizeHostName(http.host);
  if (bound === null || !LOOPBACK_HOSTS.includes(bound)) {
    log(
      `warning: ${http.host} is reachable beyond this machine; anyone who can reach it and has the token runs commands as you. Put TLS (and an OAuth proxy) in front of it`,
    );
  }
  if (tokens.source === 'generated') {
    log(
      `no --token-file or ${TOKEN_ENVIRONMENT_VARIABLE}: this run's token, shown once; connect with the header\n  Authorization: Bearer ${tokens.values[0]}`,
    );
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    get sessions() {
      return registry.size;
    },
    close: (reason) => {
      closing ??= (async () => {
        const stopped = new Promise((resolve) => server.close(resolve));
        await registry.closeAll(reason);
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
    removeSpillSync: () => registry.removeSpillSync(),
  };
}
