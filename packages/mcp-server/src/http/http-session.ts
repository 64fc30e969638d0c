import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJSONRPCRequest, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { StateMachine, type Transitions } from '@pipeguard/shared';
import type { PathConfinement } from '../path-confinement';
import { buildPipeguardServer, type PipeguardServer } from '../server';
import type { ServerOptions } from '../server-options';

/** An HTTP session: opening (before its `initialize` is answered), serving, stopping its calls, or gone. */
export type HttpSessionState = 'created' | 'active' | 'closing' | 'closed';

const TRANSITIONS: Transitions<HttpSessionState> = {
  created: ['active', 'closing'],
  active: ['closing'],
  closing: ['closed'],
  closed: [],
};

/** Who opened a session: only requests from the same address with the same token find it. */
export interface SessionOwner {
  /** The remote address. */
  peer: string;
  /** Which of the server's tokens (its place in the list). */
  credential: number;
}

/** What a session needs from the server that holds it. */
export interface HttpSessionSettings {
  options: ServerOptions;
  roots: PathConfinement;
  /** Milliseconds without a request (and no call running) after which the session closes itself. */
  idleTimeoutMs: number;
  /** Called once the session has an id (its `initialize` was accepted). */
  onActive: (session: HttpSession) => void;
  /** Called once the session is closed: its commands ended, its spill directory removed. */
  onClosed: (session: HttpSession) => void;
}

/** The ids of the JSON-RPC requests in a POST body (one message or a batch). */
function requestIdsOf(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => (isJSONRPCRequest(message) ? [message.id] : []));
}

/**
 * One client's MCP session over Streamable HTTP: an SDK transport and a server of its own (its own
 * concurrency slots and spill directory), bound to the address and the token that opened it. A POST whose response
 * stream closes before it is complete cancels the calls it carried, as a `notifications/cancelled` from
 * the client would: with no event store the answer could never be delivered, so the command is ended
 * rather than left to run for nobody. Closing (DELETE, idle timeout, server shutdown) ends every
 * running command's process group and removes the spill directory.
 */
export class HttpSession {
  /** The address and token that opened the session; requests from elsewhere or with another token do not find it. */
  readonly owner: SessionOwner;
  readonly #lifecycle = new StateMachine<HttpSessionState>('HTTP session', 'created', TRANSITIONS);
  readonly #settings: HttpSessionSettings;
  readonly #transport: StreamableHTTPServerTransport;
  #server: PipeguardServer | undefined;
  #id: string | undefined;
  #openPosts = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  #closed: Promise<void> | undefined;

  constructor(owner: SessionOwner, settings: HttpSessionSettings) {
    this.owner = owner;
    this.#settings = settings;
    this.#transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => this.#activate(id),
    });
  }

  get state(): HttpSessionState {
    return this.#lifecycle.state;
  }

  /** The `Mcp-Session-Id`, once the session is active. */
  get id(): string | undefined {
    return this.#id;
  }

  /** Builds the session's server (spill directory, slots, tools) and connects it to the transport. */
  async start(): Promise<void> {
    const server = await buildPipeguardServer(this.#settings.options, this.#settings.roots);
    this.#server = server;
    if (this.state !== 'created') {
      server.spill.removeSync();
      return;
    }
    // DELETE, or the transport closing for any reason, closes the session.
    server.server.server.onclose = () => void this.close('the session was ended');
    await server.server.connect(this.#transport);
  }

  /** Hands one request to the transport; `body` is the parsed POST body. */
  async handle(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void> {
    const isPost = request.method === 'POST';
    if (isPost) {
      this.#openPosts++;
      clearTimeout(this.#idleTimer);
    }
    const requestIds = isPost ? requestIdsOf(body) : [];
    response.once('close', () => {
      if (isPost && --this.#openPosts === 0) this.#armIdleTimer();
      if (!response.writableFinished) this.#cancel(requestIds, 'the client disconnected before the answer');
    });
    await this.#transport.handleRequest(request, response, body);
  }

  /** Ends every running command, removes the spill directory and the transport; the same promise every time. */
  close(reason: string): Promise<void> {
    if (this.#closed) return this.#closed;
    this.#lifecycle.to('closing');
    clearTimeout(this.#idleTimer);
    this.#closed = (async () => {
      await this.#server?.session.close(reason);
      await this.#transport.close();
      this.#lifecycle.to('closed');
      this.#settings.onClosed(this);
    })();
    return this.#closed;
  }

  /** Removes the spill directory at once, for the process's `exit` handler. */
  removeSpillSync(): void {
    this.#server?.spill.removeSync();
  }

  #activate(id: string): void {
    // A session closed while its initialize was read never becomes active.
    if (!this.#lifecycle.can('active')) return;
    this.#lifecycle.to('active');
    this.#id = id;
    this.#settings.onActive(this);
  }

  #armIdleTimer(): void {
    if (this.state !== 'active') return;
    clearTimeout(this.#idleTimer);
    const idleMs = this.#settings.idleTimeoutMs;
    this.#idleTimer = setTimeout(() => void this.close(`no request for ${idleMs} ms`), idleMs);
    this.#idleTimer.unref();
  }

  #cancel(requestIds: readonly RequestId[], reason: string): void {
    if (this.state !== 'active') return;
    for (const requestId of requestIds) {
      const cancelled: JSONRPCMessage = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId, reason },
      };
      this.#transport.onmessage?.(cancelled);
    }
  }
}
