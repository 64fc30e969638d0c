import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Refusal } from './refusal';

/** Query parameters that carry credentials by convention (RFC 6750's `access_token` among them). */
const CREDENTIAL_PARAMETERS = new Set([
  'access_token',
  'token',
  'auth',
  'authorization',
  'bearer',
  'api_key',
  'key',
]);

/** Rounds of percent-decoding a URL is searched through; one encoded more often is refused outright. */
const MAX_URL_DECODINGS = 4;

/**
 * A URL and each of its percent-decodings (as Latin-1: the token is ASCII), until one changes nothing;
 * `null` when the last allowed round still changes it. Decoding is lenient: a stray `%` stays as it is.
 */
function decodings(url: string): string[] | null {
  const spellings = [url];
  for (let round = 0; round <= MAX_URL_DECODINGS; round++) {
    const current = spellings[spellings.length - 1] as string;
    const decoded = current.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (decoded === current) return spellings;
    spellings.push(decoded);
  }
  return null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function unauthorized(message: string, error?: 'invalid_request' | 'invalid_token'): Refusal {
  const challenge = error === undefined ? '' : `, error="${error}", error_description="${message}"`;
  return {
    status: 401,
    message,
    headers: { 'WWW-Authenticate': `Bearer realm="pipeguard-mcp"${challenge}` },
  };
}

/** A request that carries one of the tokens: which one (its place in the list), to bind sessions to. */
export interface Authenticated {
  credential: number;
}

/**
 * Checks a request's `Authorization: Bearer` header against each token in constant time (both sides are
 * hashed to equal lengths first, and every token is compared), and refuses any request carrying a
 * credential in its URL, whatever its headers: a token anywhere in the URL (path, query names or values,
 * percent-encoded or not), or a parameter named for one (`access_token`, …). URLs end up in logs,
 * histories and `Referer` headers.
 */
export class BearerAuth {
  readonly #tokens: readonly string[];
  readonly #digests: readonly Buffer[];

  /** @throws {RangeError} Without a token. */
  constructor(tokens: readonly string[]) {
    if (tokens.length === 0) throw new RangeError('BearerAuth needs at least one token');
    this.#tokens = [...tokens];
    this.#digests = tokens.map(digest);
  }

  /** Which token the request carries, or the 401 to answer. */
  authenticate(request: IncomingMessage): Authenticated | Refusal {
    const inUrl = this.#credentialInUrl(request.url ?? '/');
    if (inUrl !== null) {
      return unauthorized(
        `${inUrl}: send the token only in the Authorization header (Bearer)`,
        'invalid_request',
      );
    }
    const header = request.headers.authorization;
    if (header === undefined) return unauthorized('the Authorization header (Bearer token) is missing');
    const match = /^Bearer +(\S+) *$/i.exec(header);
    const credential = match ? this.#credentialOf(match[1] as string) : -1;
    if (credential === -1) return unauthorized('the bearer token is wrong', 'invalid_token');
    return { credential };
  }

  /** Why the URL is refused as carrying a credential, or `null`. */
  #credentialInUrl(url: string): string | null {
    const spellings = decodings(url);
    if (spellings === null) return `a URL percent-encoded more than ${MAX_URL_DECODINGS} times is refused`;
    // Anywhere: path, query names and values, each decoding of them.
    if (spellings.some((spelling) => this.#tokens.some((token) => spelling.includes(token)))) {
      return 'a credential in the URL is refused';
    }
    const query = new URL(url, 'http://request.invalid').searchParams;
    for (const name of query.keys()) {
      if (CREDENTIAL_PARAMETERS.has(name.toLowerCase())) return 'a credential in the URL is refused';
    }
    return null;
  }

  /** The index of the token `candidate` is, or -1; every token is compared, so the time says nothing. */
  #credentialOf(candidate: string): number {
    const candidateDigest = digest(candidate);
    let found = -1;
    this.#digests.forEach((tokenDigest, index) => {
      if (timingSafeEqual(candidateDigest, tokenDigest)) found = index;
    });
    return found;
  }
}
