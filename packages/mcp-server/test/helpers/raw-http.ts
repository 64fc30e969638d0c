import { type ClientRequest, type IncomingHttpHeaders, request } from 'node:http';

/** What a raw request got back. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request as an attacker or a hand-written client sends it: every header chosen, nothing added but Host. */
export interface RawRequest {
  method?: string;
  /** Path and query, default `/mcp`. */
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The source address on this machine (any of 127.0.0.0/8): another client, as the server sees it. */
  localAddress?: string;
  /** Called with the request once sent, e.g. to destroy it mid-answer. */
  onRequest?: (sent: ClientRequest) => void;
}

/** Sends one request to the server at `url` and reads the whole answer. */
export function rawRequest(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port,
        method: options.method ?? 'POST',
        path: options.path ?? target.pathname,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    options.onRequest?.(sent);
    sent.end(options.body);
  });
}

/** The headers an MCP client sends on a POST, with the token and, once it has one, the session id. */
export function mcpHeaders(token: string | null, sessionId?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2025-11-25',
    ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    ...(sessionId === undefined ? {} : { 'Mcp-Session-Id': sessionId }),
  };
}

/** An `initialize` request body. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** A `tools/call` request body. */
export function toolCall(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

/** Opens a session by hand (initialize, then initialized) and returns its id. */
export async function openRawSession(url: string, token: string, localAddress?: string): Promise<string> {
  const opened = await rawRequest(url, { headers: mcpHeaders(token), body: INITIALIZE, localAddress });
  const id = opened.headers['mcp-session-id'];
  if (opened.status !== 200 || typeof id !== 'string') {
    throw new Error(`initialize answered ${opened.status}: ${opened.body}`);
  }
  const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await rawRequest(url, { headers: mcpHeaders(token, id), body: initialized, localAddress });
  return id;
}
