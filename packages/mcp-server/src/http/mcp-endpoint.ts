import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { BearerAuth } from './bearer-token';
import type { HostOriginPolicy } from './host-origin';
import { HttpSession, type HttpSessionSettings, type SessionOwner } from './http-session';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import { RETRY_AFTER_SECONDS, readBody } from './limits';
import { type Refusal, refuse } from './refusal';
import type { SessionRegistry } from './session-registry';

/** The path of the one MCP endpoint. */
export const MCP_PATH = '/mcp';

/** What the endpoint checks requests against and where it keeps sessions. */
export interface McpEndpointSettings {
  policy: HostOriginPolicy;
  auth: BearerAuth;
  /** Told of every connection that carried a request with the right token. */
  onAuthorised: (socket: Socket) => void;
  registry: SessionRegistry;
  maxBodyBytes: number;
  session: Omit<HttpSessionSettings, 'onActive' | 'onClosed'>;
}

const METHODS = new Set(['GET', 'POST', 'DELETE']);

/** JSON-RPC's code for a message that is JSON but no valid request. */
const INVALID_REQUEST = -32600;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isInitialize(body: unknown): boolean {
  return Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
}

/**
 * The HTTP request handler of `/mcp`. Each request passes, in order: `Host` and `Origin` (403), the
 * bearer token (401), path and method (404, 405), then for a POST its body within the size bound (413),
 * nested at most {@link MAX_JSON_DEPTH} levels (400, checked before parsing) and valid JSON (400); no tool code runs for a request refused on the way. A POST of `initialize`
 * without a session id opens a session while there is room (else 503 with `Retry-After`); any other
 * request needs the id of an active session opened from the same address with the same token (else 400
 * or 404).
 */
export function createMcpEndpoint(settings: McpEndpointSettings) {
  const { policy, auth, registry, maxBodyBytes } = settings;
  const sessionSettings: HttpSessionSettings = {
    ...settings.session,
    onActive: (session) => registry.activate(session),
    onClosed: (session) => registry.remove(session),
  };

  async function open(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    owner: SessionOwner,
  ): Promise<void> {
    if (!registry.hasRoom()) {
      refuse(response, {
        status: 503,
        message: `the server holds its limit of ${registry.maxSessions} sessions; try again later`,
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
      return;
    }
    const session = new HttpSession(owner, sessionSettings);
    registry.add(session);
    try {
      await session.start();
      await session.handle(request, response, body);
    } finally {
      // An initialize the transport refused (a bad Accept header, say) leaves no session behind.
      if (session.state === 'created') await session.close('its initialize was not accepted');
    }
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<Refusal | null> {
    const refusal = policy.check(request);
    if (refusal) return refusal;
    const authenticated = auth.authenticate(request);
    if ('status' in authenticated) return authenticated;
    settings.onAuthorised(request.socket);
    const owner: SessionOwner = {
      peer: request.socket.remoteAddress ?? '',
      credential: authenticated.credential,
    };
    const { pathname } = new URL(request.url ?? '/', 'http://request.invalid');
    if (pathname !== MCP_PATH)
      return { status: 404, message: `no such endpoint: the MCP endpoint is ${MCP_PATH}` };
    if (!METHODS.has(request.method ?? '')) {
      return { status: 405, message: 'method not allowed', headers: { Allow: 'GET, POST, DELETE' } };
    }
    let body: unknown;
    if (request.method === 'POST') {
      const read = await readBody(request, response, maxBodyBytes);
      if (read.tooLarge) return { status: 413, message: `the request body exceeds ${maxBodyBytes} bytes` };
      if (nestsDeeperThan(read.text, MAX_JSON_DEPTH)) {
        return {
          status: 400,
          code: INVALID_REQUEST,
          message: `Invalid Request: the body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
        };
      }
      const parsed = parseJson(read.text);
      if (!parsed.ok) return { status: 400, message: 'Parse error: the body is not JSON' };
      body = parsed.value;
    }
    const id = request.headers['mcp-session-id'];
    if (id === undefined) {
      if (request.method === 'POST' && isInitialize(body)) {
        await open(request, response, body, owner);
        return null;
      }
      return {
        status: 400,
        message: 'Bad Request: the Mcp-Session-Id header is required (or POST initialize)',
      };
    }
    const session = typeof id === 'string' ? registry.find(id, owner) : null;
    if (session === null) return { status: 404, message: 'Session not found' };
    await session.handle(request, response, body);
    return null;
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    route(request, response).then(
      (refusal) => {
        if (refusal === null) return;
        // The body not read is read and dropped (Node does so once the answer is sent), not cut off:
        // closing with it unread resets the connection, and a client still writing never sees the answer.
        refuse(response, refusal);
        request.resume();
      },
      () => refuse(response, { status: 500, message: 'internal error' }, true),
    );
  };
}
