/**
 * What a name must end with (lower-cased, without `_`, `-` and `.`) to say that its value is secret:
 * `GITHUB_TOKEN`, `db-password`, `clientSecret`, `AWS_SECRET_ACCESS_KEY`, `GOOGLE_CREDENTIALS`.
 * An end, not anywhere: `MAX_TOKENS`, `TOKEN_URL` and `password_hash` name no secret.
 */
const SECRET_NAME_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'apikey',
  'secretkey',
  'privatekey',
  'accesskey',
  'signingkey',
  'encryptionkey',
  'masterkey',
  'accountkey',
  'credential',
  'credentials',
  'secretkeybase',
] as const;

/** Names ending so that say no secret: pagination cursors and counters. */
const NOT_SECRET_NAMES = new Set([
  'nexttoken',
  'pagetoken',
  'nextpagetoken',
  'continuationtoken',
  'paginationtoken',
  'synctoken',
  'cursortoken',
  'tokentype',
]);

const TAIL_WORDS = [...SECRET_NAME_ENDINGS, 'pass', 'authorization', 'cookie'];

/** Words that say secret anywhere in a name: `DB_PASSWORD_PROD`, `SSH_PRIVATE_KEY_B64`, `GOOGLE_CREDENTIALS_JSON`. */
const SECRET_NAME_WORDS = ['password', 'privatekey', 'credential'] as const;

/**
 * Endings after such a word that name something else: where the secret is (`_FILE`, `_PATH`, `_URL`, `_DIR`),
 * a digest of it (`PASSWORD_HASH`), or a rule about it (`PASSWORD_MIN_LENGTH`, `PASSWORD_POLICY`).
 */
const NOT_SECRET_ENDINGS = [
  'hash',
  'hashed',
  'file',
  'path',
  'url',
  'uri',
  'dir',
  'length',
  'policy',
  'enabled',
  'required',
  'prompt',
] as const;

/**
 * The last three letters (lower-cased) of every name {@link isSecretName} accepts, as a 24-bit number: the
 * first check at each `=` and `:`, before a name is read at all.
 */
export const SECRET_NAME_TAILS: ReadonlySet<number> = new Set(
  TAIL_WORDS.map(
    (word) =>
      (word.charCodeAt(word.length - 3) << 16) |
      (word.charCodeAt(word.length - 2) << 8) |
      word.charCodeAt(word.length - 1),
  ),
);

/** Their last two letters as a table of the 65536 byte pairs: a read that rules out most names. */
export const SECRET_NAME_TAIL_PAIRS = new Uint8Array(65536);
for (const word of TAIL_WORDS)
  SECRET_NAME_TAIL_PAIRS[(word.charCodeAt(word.length - 2) << 8) | word.charCodeAt(word.length - 1)] = 1;

/** `name` lower-cased without `_`, `-` and `.`: `AWS_SECRET_ACCESS_KEY` → `awssecretaccesskey`. */
export function normalizeName(name: string): string {
  const lower = name.toLowerCase();
  // Most names hold no separator: skip the regular expression then (it runs at every secret-like name).
  return HAS_SEPARATOR.test(lower) ? lower.replace(SEPARATORS, '') : lower;
}

const HAS_SEPARATOR = /[-_.]/;
const SEPARATORS = /[-_.]/g;

/** Whether a variable or key of this name holds a secret; `normalized` is `normalizeName(name)` if known. */
export function isSecretName(name: string, normalized = normalizeName(name)): boolean {
  if (NOT_SECRET_NAMES.has(normalized)) return false;
  for (const ending of SECRET_NAME_ENDINGS) if (normalized.endsWith(ending)) return true;
  if (SECRET_NAME_WORDS.some((word) => normalized.includes(word)))
    return !NOT_SECRET_ENDINGS.some((ending) => normalized.endsWith(ending));
  // `DB_PASS`; not `bypass`, `compass`, nor a bare `pass` (prose: "bytes pass: …").
  return /[-_.]pass$/i.test(name);
}

/** What a name says: its normalized form, and whether its value is secret. */
export interface NameInfo {
  readonly normalized: string;
  readonly secret: boolean;
}

const MAX_CACHED_NAMES = 512;

/** {@link isSecretName} per name, cached for one redactor: names repeat (an env dump, a log's keys). */
export class NameCache {
  readonly #names = new Map<string, NameInfo>();

  /** What `name` says. */
  get(name: string): NameInfo {
    let info = this.#names.get(name);
    if (info === undefined) {
      if (this.#names.size === MAX_CACHED_NAMES) this.#names.clear();
      // A slice of 13 characters or more keeps the whole text it was cut from alive (a window of up to
      // 1 MiB): the cache keeps a copy of its own, and what it derives from that copy.
      const own = ownCopy(name);
      const normalized = normalizeName(own);
      info = { normalized, secret: isSecretName(own, normalized) };
      this.#names.set(own, info);
    }
    return info;
  }
}

/** `text` in a string of its own, not a view of the string it was sliced from. */
function ownCopy(text: string): string {
  return text.split('').join('');
}
