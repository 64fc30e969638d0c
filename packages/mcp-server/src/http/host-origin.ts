import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Refusal } from './refusal';

/** The names of this machine's loopback interface, always accepted. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Addresses that bind every interface: no client names the server by them, so they add nothing to the list. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '[::]']);

/** The host name of an authority (`name`, `name:port`, `[v6]:port`): lower case, no trailing dot. */
function hostNameOf(authority: string): string | null {
  try {
    const url = new URL(`http://${authority}`);
    // "evil@localhost", "localhost/x", "localhost?x" are not a bare authority: the URL parser would accept them.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname === '' ? null : url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/**
 * A host name as the list keeps it: lower case, no trailing dot, an IPv6 address in brackets; `null`
 * for text that is not a host name without a port. `Host` and `Origin` are compared in this form.
 */
export function normalizeHostName(text: string): string | null {
  const bracketed = isIP(text) === 6 ? `[${text}]` : text;
  if (/:\d*$/.test(bracketed.replace(/^\[[^\]]*\]/, ''))) return null;
  return hostNameOf(bracketed);
}

function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

const forbidden = (message: string): Refusal => ({ status: 403, message });

/**
 * DNS-rebinding protection: a request's `Host` must name an allowed host, and its `Origin`, when a
 * browser sends one, must be an http(s) origin on an allowed host. A page on a foreign name that
 * resolves to this machine sends its own name in both, so it is refused before anything else is read.
 * Ports are not compared: the attacker's page reaches the server's own port anyway.
 */
export class HostOriginPolicy {
  /** The accepted host names, normalized. */
  readonly allowed: ReadonlySet<string>;

  /**
   * @throws {RangeError} When an extra host is not a host name.
   */
  constructor(boundHost: string, extraHosts: readonly string[] = []) {
    const names = new Set(LOOPBACK_HOSTS);
    const bound = normalizeHostName(boundHost);
    if (bound !== null && !WILDCARD_ADDRESSES.has(bound)) names.add(bound);
    for (const extra of extraHosts) {
      const name = normalizeHostName(extra);
      if (name === null) {
        throw new RangeError(
          `--allow-host must be a host name or address without a port. Received '${extra}'`,
        );
      }
      names.add(name);
    }
    this.allowed = names;
  }

  /** `null` when `Host` and `Origin` pass, else the 403 to answer. */
  check(request: IncomingMessage): Refusal | null {
    const hostHeader = request.headers.host;
    if (hostHeader === undefined) return forbidden('the Host header is missing');
    const host = hostNameOf(hostHeader);
    if (host === null || !this.allowed.has(host)) {
      return forbidden(
        `the Host header names a host this server does not serve: ${JSON.stringify(hostHeader)}`,
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const name = originHost(origin);
      if (name === null || !this.allowed.has(name)) {
        return forbidden(`the Origin header is not allowed: ${JSON.stringify(origin)}`);
      }
    }
    return null;
  }
}
