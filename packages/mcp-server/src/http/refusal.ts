import type { ServerResponse } from 'node:http';

/** An HTTP request turned away before it reaches a session: the status, why, and any headers it needs. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** The JSON-RPC error code; by default -32001 for a 404 (no such session), else -32000. */
  code?: number;
}

/** JSON-RPC's code for a session that does not exist (the SDK's own answer uses it too). */
const SESSION_NOT_FOUND = -32001;

/**
 * Answers a refused request with its status and a JSON-RPC error response without an `id`, the body
 * the transport specification allows for refusals. `Connection: close` when the request's state is
 * unknown (an internal error), so the socket is not reused.
 */
export function refuse(response: ServerResponse, refusal: Refusal, closeConnection = false): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const code = refusal.code ?? (refusal.status === 404 ? SESSION_NOT_FOUND : -32000);
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message: refusal.message }, id: null });
  response.writeHead(refusal.status, {
    'Content-Type': 'application/json',
    ...(closeConnection ? { Connection: 'close' } : {}),
    ...refusal.headers,
  });
  response.end(body);
}
