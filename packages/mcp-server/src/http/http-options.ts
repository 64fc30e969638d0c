import { durationMs, positiveInteger, sizeAtLeast } from '../flag-values';

/** Where and how the server listens over Streamable HTTP (`--http`), with its bounds. */
export interface HttpOptions {
  /** The address to bind. @defaultValue `'127.0.0.1'` */
  host: string;
  /** The TCP port; `0` picks a free one (the server prints it). */
  port: number;
  /** A file holding the bearer tokens, one per line (mode 0600 or stricter), or `null` for the environment or a generated one. @defaultValue `null` */
  tokenFile: string | null;
  /** Host names accepted in `Host` and `Origin` besides the loopback names and the bound address. @defaultValue `[]` */
  allowHosts: string[];
  /** Sessions open at once; one more is answered 503 with `Retry-After`. @defaultValue `16` */
  maxSessions: number;
  /** Bytes one request body may hold; a larger one is answered 413. @defaultValue `8388608` (8 MiB) */
  maxBodyBytes: number;
  /** Milliseconds a client has to send a request's headers. @defaultValue `10000` */
  headerTimeoutMs: number;
  /** Milliseconds a client has to send a whole request, headers and body. @defaultValue `30000` */
  requestTimeoutMs: number;
  /** Milliseconds a session may go without a request (and with no call running) before it is closed. @defaultValue `600000` (10 minutes) */
  idleTimeoutMs: number;
}

/** The `parseArgs` specification of the HTTP flags. */
export const HTTP_FLAGS = {
  http: { type: 'string' },
  'token-file': { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
  'max-sessions': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'header-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'idle-timeout': { type: 'string' },
} as const;

/** The `--help` lines of the HTTP flags. */
export const HTTP_USAGE = `  --http [HOST:]PORT     serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST default
                         127.0.0.1; PORT 0 picks one); a bearer token is always required
  --token-file FILE      bearer tokens, one per line (one per client), from a file of mode 0600 (else
                         $PIPEGUARD_MCP_TOKEN, else a random one printed once to stderr)
  --allow-host NAME      accept NAME in Host and Origin besides the loopback names and the bound address
                         (repeatable)
  --max-sessions N       sessions open at once; one more gets 503 (default 16)
  --max-body-bytes SIZE  largest request body; a larger one gets 413 (default 8MiB)
  --header-timeout TIME  time to send a request's headers (default 10s)
  --request-timeout TIME time to send a whole request, headers and body (default 30s)
  --idle-timeout TIME    a session with no request for TIME is closed (default 10m)
`;

type HttpFlagValues = { [Flag in keyof typeof HTTP_FLAGS]?: Flag extends 'allow-host' ? string[] : string };

/**
 * Parses `--http`'s `[HOST:]PORT`: `8080`, `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:0`.
 * @throws {RangeError} For any other form, or a port above 65535.
 */
export function parseListenAddress(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]:|([^:[\]]+):)?(\d{1,5})$/.exec(text);
  const port = Number(match?.[3]);
  if (!match || port > 65_535) {
    throw new RangeError(
      `--http must be [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080 (PORT 0 picks a free one). Received '${text}'`,
    );
  }
  return { host: match[1] ?? match[2] ?? '127.0.0.1', port };
}

/**
 * The HTTP options from the parsed flags, or `null` without `--http`.
 * @throws {RangeError} For a bad value, or an HTTP flag given without `--http`.
 */
export function httpOptionsFrom(values: HttpFlagValues): HttpOptions | null {
  if (values.http === undefined) {
    const stray = Object.keys(HTTP_FLAGS).find((flag) => values[flag as keyof HttpFlagValues] !== undefined);
    if (stray !== undefined) throw new RangeError(`--${stray} applies only with --http`);
    return null;
  }
  const headerTimeoutMs = durationMs('header-timeout', values['header-timeout'], 10_000);
  const requestTimeoutMs = durationMs('request-timeout', values['request-timeout'], 30_000);
  if (requestTimeoutMs < headerTimeoutMs) {
    throw new RangeError(
      `--request-timeout must be at least --header-timeout (${headerTimeoutMs}): the headers are part of the request. Received '${requestTimeoutMs}'`,
    );
  }
  return {
    ...parseListenAddress(values.http),
    tokenFile: values['token-file'] ?? null,
    allowHosts: values['allow-host'] ?? [],
    maxSessions: positiveInteger('max-sessions', values['max-sessions'], 16),
    maxBodyBytes: sizeAtLeast(
      'max-body-bytes',
      values['max-body-bytes'],
      8 * 1024 * 1024,
      64 * 1024,
      '64KiB',
    ),
    headerTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs: durationMs('idle-timeout', values['idle-timeout'], 600_000),
  };
}
