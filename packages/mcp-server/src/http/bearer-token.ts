import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { eraseFromInitialEnvironment } from './initial-environment';
import type { Refusal } from './refusal';

/** The environment variable a token may come from when no `--token-file` is given. */
export const TOKEN_ENVIRONMENT_VARIABLE = 'PIPEGUARD_MCP_TOKEN';

/** The shortest token accepted from a file or the environment: a guessable one would be no lock. */
export const MIN_TOKEN_CHARS = 32;

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

/** The token every HTTP request must carry, and where it came from. */
export interface BearerToken {
  value: string;
  source: 'file' | 'environment' | 'generated';
}

function checkedToken(text: string, where: string): string {
  const token = text.trim();
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new RangeError(`The token in ${where} must be one word of visible ASCII characters (no spaces)`);
  }
  if (token.length < MIN_TOKEN_CHARS) {
    throw new RangeError(
      `The token in ${where} must have at least ${MIN_TOKEN_CHARS} characters. Received ${token.length}`,
    );
  }
  return token;
}

async function readTokenFile(path: string): Promise<string> {
  // Judged by the descriptor that is read, so the file cannot be swapped between the check and the read.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new RangeError(`--token-file "${path}" must be a regular file`);
    if ((stats.mode & 0o077) !== 0) {
      throw new RangeError(
        `--token-file "${path}" must be readable by its owner only (mode 0600 or stricter). Received mode 0${(stats.mode & 0o777).toString(8)}: chmod 600 it`,
      );
    }
    return checkedToken(await handle.readFile('utf8'), `--token-file "${path}"`);
  } finally {
    await handle.close();
  }
}

/**
 * Takes {@link TOKEN_ENVIRONMENT_VARIABLE} out of `env`, and when `env` is this process's own, out of its
 * initial environment too (Linux), so that neither a command's environment nor any
 * `/proc/<pid>/environ` of the server shows it; the value is left only in memory.
 * @throws When the initial environment cannot be rewritten on Linux: the token would stay readable.
 */
export function takeEnvironmentToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[TOKEN_ENVIRONMENT_VARIABLE];
  delete env[TOKEN_ENVIRONMENT_VARIABLE];
  if (value === undefined || env !== process.env || process.platform !== 'linux') return value;
  try {
    eraseFromInitialEnvironment(TOKEN_ENVIRONMENT_VARIABLE);
  } catch (error) {
    throw new Error(
      `${TOKEN_ENVIRONMENT_VARIABLE} cannot be erased from /proc/${process.pid}/environ (${(error as Error).message}), where every command could read it: pass the token with --token-file instead`,
    );
  }
  return value;
}

/**
 * The bearer token: from `tokenFile` (mode 0600 or stricter), else `fromEnvironment` (the value
 * {@link takeEnvironmentToken} took), else 256 random bits.
 * @throws {RangeError} For a token file of another mode or kind, or a token that is short or not one word.
 */
export async function loadBearerToken(
  tokenFile: string | null,
  fromEnvironment: string | undefined,
): Promise<BearerToken> {
  if (tokenFile !== null) return { value: await readTokenFile(tokenFile), source: 'file' };
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return { value: checkedToken(fromEnvironment, TOKEN_ENVIRONMENT_VARIABLE), source: 'environment' };
  }
  return { value: randomBytes(32).toString('base64url'), source: 'generated' };
}

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

/**
 * Checks a request's `Authorization: Bearer` header against the token in constant time (both sides are
 * hashed to equal lengths first), and refuses any request carrying a credential in its URL, whatever its
 * headers: the token anywhere in the URL (path, query names or values, percent-encoded or not), or a
 * parameter named for one (`access_token`, …). URLs end up in logs, histories and `Referer` headers.
 */
export class BearerAuth {
  readonly #token: string;
  readonly #digest: Buffer;

  constructor(token: string) {
    this.#token = token;
    this.#digest = digest(token);
  }

  /** `null` when the request carries the token, else the 401 to answer. */
  check(request: IncomingMessage): Refusal | null {
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
    if (!match || !this.#matches(match[1] as string)) {
      return unauthorized('the bearer token is wrong', 'invalid_token');
    }
    return null;
  }

  /** Why the URL is refused as carrying a credential, or `null`. */
  #credentialInUrl(url: string): string | null {
    const spellings = decodings(url);
    if (spellings === null) return `a URL percent-encoded more than ${MAX_URL_DECODINGS} times is refused`;
    // Anywhere: path, query names and values, each decoding of them.
    if (spellings.some((spelling) => spelling.includes(this.#token))) return 'a credential in the URL is refused';
    const query = new URL(url, 'http://request.invalid').searchParams;
    for (const name of query.keys()) {
      if (CREDENTIAL_PARAMETERS.has(name.toLowerCase())) return 'a credential in the URL is refused';
    }
    return null;
  }

  #matches(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.#digest);
  }
}
