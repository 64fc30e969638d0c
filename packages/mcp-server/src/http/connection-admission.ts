import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** Connections open at once, whatever they are doing: past it new ones are dropped at once by Node. */
export const MAX_CONNECTIONS = 1024;

/**
 * Connections open at once that have not yet carried an authorised request. Well below
 * {@link MAX_CONNECTIONS}, so clients without the token can never fill the server.
 */
export const MAX_UNPROVEN_CONNECTIONS = 256;

/**
 * Keeps clients without the token from starving those with it. A connection is unproven until one of
 * its requests passes the bearer check; at most {@link MAX_UNPROVEN_CONNECTIONS} are kept, and one more
 * evicts the oldest (a flood of idle sockets then only ever replaces itself, and a client that sends its
 * headers at once is checked long before its turn to be evicted comes). An unproven connection that sends
 * nothing is also closed after `headerTimeoutMs`: Node times a request's headers only from its first byte.
 */
export class ConnectionAdmission {
  /** Unproven connections, oldest first (a Set keeps insertion order). */
  readonly #unproven = new Set<Socket>();
  readonly #silenceTimers = new WeakMap<Socket, NodeJS.Timeout>();
  readonly #maxUnproven: number;
  readonly #headerTimeoutMs: number;

  constructor(headerTimeoutMs: number, maxUnproven = MAX_UNPROVEN_CONNECTIONS) {
    this.#headerTimeoutMs = headerTimeoutMs;
    this.#maxUnproven = maxUnproven;
  }

  /** Applies the bounds to every connection `server` accepts from now on. */
  watch(server: Server): void {
    server.maxConnections = MAX_CONNECTIONS;
    server.on('connection', (socket: Socket) => this.#admit(socket));
    const heard = (request: IncomingMessage) => clearTimeout(this.#silenceTimers.get(request.socket));
    server.on('request', heard);
    server.on('checkContinue', heard);
  }

  /** Connections held now that have not carried an authorised request. */
  get unproven(): number {
    return this.#unproven.size;
  }

  /** Marks a connection as having carried an authorised request: it is no longer evicted for room. */
  prove(socket: Socket): void {
    this.#unproven.delete(socket);
  }

  #admit(socket: Socket): void {
    if (this.#unproven.size >= this.#maxUnproven) {
      const oldest = this.#unproven.values().next().value as Socket;
      this.#unproven.delete(oldest);
      oldest.destroy();
    }
    this.#unproven.add(socket);
    const timer = setTimeout(() => socket.destroy(), this.#headerTimeoutMs).unref();
    this.#silenceTimers.set(socket, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      this.#unproven.delete(socket);
    });
  }
}
