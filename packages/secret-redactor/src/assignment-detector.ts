import {
  afterEscapes,
  BASE64,
  type ByteClass,
  beforeEscapes,
  classOf,
  IN_BACKTICKS,
  IN_DOUBLE_QUOTES,
  IN_SINGLE_QUOTES,
  KEY,
  pastEscapes,
  runLength,
  TO_LINE_END,
  UNQUOTED_VALUE,
} from './byte-classes';
import {
  type Candidate,
  PRIORITY_ASSIGNMENT,
  PRIORITY_STRUCTURE,
  pushCandidate,
  type ScanView,
} from './candidate';
import { isCodeValue, isPlaceholderValue } from './placeholders';
import { READ_AHEAD_BYTES, READ_BEHIND_BYTES } from './scan-limits';
import { isSecretName, type NameInfo, SECRET_NAME_TAIL_PAIRS, SECRET_NAME_TAILS } from './secret-names';

const MAX_NAME_BYTES = 64;
const MAX_SPACES = 4;
const MIN_VALUE_BYTES = 6;
/** An Authorization scheme is a short word (`Bearer`, `Basic`, `Digest`); a longer first word is the credential. */
const MAX_SCHEME_BYTES = 24;
const SPACE = 0x20;
const TAB = 0x09;
const EQUALS = 0x3d;
const COOKIE_VALUE = TO_LINE_END.slice();
COOKIE_VALUE[0x3b] = 0;
COOKIE_VALUE[0x22] = 0;
/** A cookie's name: an HTTP token (RFC 6265 section 4.1.1). */
const COOKIE_NAME = classOf("A-Za-z0-9!#$%&'*+.^_`|~-");
const REQUEST_COOKIE = TO_LINE_END.slice();
REQUEST_COOKIE[0x22] = 0;

/** A value after `=` or `:`: `[start, end)`, what it runs through, whether it was quoted. */
interface Value {
  start: number;
  end: number;
  extend: ByteClass;
  quoted: boolean;
}

function isSpace(byte: number | undefined): boolean {
  return byte === SPACE || byte === TAB;
}

function readValue(bytes: Uint8Array, from: number, limit: number): Value {
  let at = from;
  while (at < limit && at - from < MAX_SPACES && isSpace(bytes[at])) at++;
  at = Math.min(limit, afterEscapes(bytes, at));
  const quote = bytes[at];
  const inQuotes =
    quote === 0x22
      ? IN_DOUBLE_QUOTES
      : quote === 0x27
        ? IN_SINGLE_QUOTES
        : quote === 0x60
          ? IN_BACKTICKS
          : null;
  if (inQuotes === null) {
    const length = runLength(bytes, UNQUOTED_VALUE, at, limit);
    return { start: at, end: at + length, extend: UNQUOTED_VALUE, quoted: false };
  }
  const length = runLength(bytes, inQuotes, at + 1, limit);
  return { start: at + 1, end: at + 1 + length, extend: inQuotes, quoted: true };
}

/**
 * Where the name before the `=` or `:` at `anchor` ends (before the spaces and the quote or `?` it skips
 * back over), when its last three letters can end a secret name or a header's; else -1. Nearly every `=`
 * and `:` of ordinary text ends here, before a name is read: the scan calls this at each one.
 */
export function secretNameEnd(bytes: Uint8Array, anchor: number): number {
  const coloured = beforeEscapes(bytes, anchor);
  let nameEnd = coloured;
  while (nameEnd > 0 && coloured - nameEnd < MAX_SPACES && isSpace(bytes[nameEnd - 1])) nameEnd--;
  const quote = bytes[nameEnd - 1];
  if (quote === 0x22 || quote === 0x27 || quote === 0x3f) nameEnd--;
  if (nameEnd < 3) return -1;
  const last = bytes[nameEnd - 1]! | 0x20;
  const middle = bytes[nameEnd - 2]! | 0x20;
  if (bytes[anchor] === EQUALS && (bytes[anchor + 1] === EQUALS || bytes[anchor - 1] === EQUALS)) return -1;
  if (
    (SECRET_NAME_TAIL_PAIRS[(middle << 8) | last] !== 1 ||
      !SECRET_NAME_TAILS.has(((bytes[nameEnd - 3]! | 0x20) << 16) | (middle << 8) | last)) &&
    !holdsSecretWord(bytes, nameEnd)
  )
    return -1;
  return nameEnd;
}

/**
 * The bytes of a name (`KEY`) as one table: 2 where a word that says secret may start (`s` of `ssw`, `c` of
 * `cred`, `p` of `priv`, either case), else 1; 0 outside a name. One read per byte of the walk back.
 */
const NAME_BYTES = KEY.slice();
for (const byte of 'sScCpP') NAME_BYTES[byte.charCodeAt(0)] = 2;

/** Whether the bytes at `at` (whose first is `s`, `c` or `p`) start `ssw`, `cred` or `priv`, in either case. */
function startsSecretWord(bytes: Uint8Array, at: number): boolean {
  const first = (bytes[at] as number) | 0x20;
  const second = (bytes[at + 1] as number) | 0x20;
  const third = (bytes[at + 2] as number) | 0x20;
  if (first === 0x73) return second === 0x73 && third === 0x77;
  const fourth = (bytes[at + 3] as number) | 0x20;
  if (first === 0x63) return second === 0x72 && third === 0x65 && fourth === 0x64;
  return second === 0x72 && third === 0x69 && fourth === 0x76;
}

/**
 * Whether the name ending at `nameEnd` may hold a word that says secret anywhere (`DB_PASSWORD_PROD`,
 * `SSH_PRIVATE_KEY_B64`, `GOOGLE_CREDENTIALS_JSON`): `ssw`, `cred` or `priv` in it. A first look only, for
 * names whose ending says nothing; `isSecretName` decides.
 */
function holdsSecretWord(bytes: Uint8Array, nameEnd: number): boolean {
  const lowest = Math.max(0, nameEnd - MAX_NAME_BYTES);
  for (let at = nameEnd - 4; at >= lowest; at--) {
    const kind = NAME_BYTES[bytes[at] as number];
    if (kind === 0) return false;
    if (kind === 2 && startsSecretWord(bytes, at)) return true;
  }
  return false;
}

/**
 * A secret after a name at the `=` or `:` at `anchor`: `KEY=value`, `export KEY=value`, `KEY: value`,
 * `"key": "value"`, `--db-password=value`, and the headers `Authorization`, `Cookie` and `Set-Cookie`.
 */
export function detectAssignment(view: ScanView, anchor: number, out: Candidate[]): void {
  const { bytes } = view;
  const nameEnd = secretNameEnd(bytes, anchor);
  if (nameEnd === -1) return;
  const spaced = isSpace(bytes[anchor - 1]);
  // The quote skipped back over, if any (else a space or the anchor itself).
  const quote = bytes[nameEnd];
  const limit = Math.min(bytes.length, anchor + READ_AHEAD_BYTES);
  // Unless the name may be a header's, a value that is short or a reference rules it out before the name is read.
  const early = mayNameHeader(bytes, nameEnd) ? null : readValue(bytes, anchor + 1, limit);
  if (early !== null && isNoValue(bytes, early)) return;
  let nameStart = nameEnd;
  while (nameStart > 0 && KEY[bytes[nameStart - 1] as number] === 1) {
    nameStart--;
    if (nameEnd - nameStart > MAX_NAME_BYTES) return;
  }
  nameStart = pastEscapes(bytes, nameStart, nameEnd);
  if ((quote === 0x22 || quote === 0x27) && bytes[nameStart - 1] !== quote) return;
  // The header of `curl -v` and HTTP logs, known without reading the name as text.
  const { normalized, secret } = spellsAuthorization(bytes, nameStart, nameEnd)
    ? AUTHORIZATION
    : view.names.get(view.text.slice(nameStart, nameEnd));
  const header =
    normalized === 'authorization' || normalized === 'proxyauthorization' || normalized.endsWith('cookie');
  // A header's name is followed by a space or a quote (`Cookie: a=b`, `"Cookie": "…"`), not code's `Cookie:x`.
  if (header && !isSpace(bytes[anchor + 1]) && bytes[anchor + 1] !== 0x22 && bytes[anchor + 1] !== 0x27)
    return;
  if (normalized === 'authorization' || normalized === 'proxyauthorization') {
    detectAuthorization(view, anchor + 1, limit, out);
    return;
  }
  if (normalized === 'cookie' || normalized === 'setcookie') {
    if (bytes[anchor] !== EQUALS) detectCookie(view, anchor + 1, limit, normalized === 'cookie', out);
    return;
  }
  if (!secret) return;
  const value = early ?? readValue(bytes, anchor + 1, limit);
  if (isNoValue(bytes, value)) return;
  const text = view.text.slice(value.start, value.end);
  // A word of one case is prose or a setting (`"same-origin"`, `'include'`), quoted or not.
  if (isPlaceholderValue(text) || isWord(text)) return;
  // `"Password: "`, `?token=\``: the name is inside a string, and the quote after it closes that string.
  if (
    value.quoted &&
    (CLOSING_START.has(bytes[value.start] as number) ||
      insideQuotes(
        bytes,
        quote === 0x22 || quote === 0x27 ? nameStart - 1 : nameStart,
        bytes[value.start - 1] as number,
      ))
  )
    return;
  if (
    !value.quoted &&
    (isCodeValue(text, spaced && bytes[anchor] === EQUALS) ||
      (endsCodeValue(bytes, value.end) && !CONNECTION_STRING_KEYS.has(normalized)))
  )
    return;
  pushCandidate(
    out,
    value.start,
    value.end,
    assignmentKind(normalized, bytes, value),
    PRIORITY_ASSIGNMENT,
    value.extend,
  );
}

const AUTHORIZATION: NameInfo = { normalized: 'authorization', secret: isSecretName('Authorization') };

/** Whether `bytes[start, end)` is `authorization` in any case: the name {@link normalizeName} makes `authorization`. */
function spellsAuthorization(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start !== AUTHORIZATION.normalized.length) return false;
  for (let index = 0; index < end - start; index++)
    if (((bytes[start + index] as number) | 0x20) !== AUTHORIZATION.normalized.charCodeAt(index))
      return false;
  return true;
}

/** What a placeholder value may start with when its first byte alone makes it one (`$TOKEN`, `<key>`, `%s`). */
const REFERENCE_FIRST = classOf('$<%[*/#');
const NAME_SEPARATOR = classOf('._-');

/** Whether a value is too short for a secret, or a reference (see `isPlaceholderValue`): never redacted. */
function isNoValue(bytes: Uint8Array, value: Value): boolean {
  return value.end - value.start < MIN_VALUE_BYTES || REFERENCE_FIRST[bytes[value.start] as number] === 1;
}

/**
 * Whether the name ending at `nameEnd` may be `authorization` or end in `cookie` (its last two bytes `on`
 * or `ie` in either case, or a separator among them): only those names read a value of their own.
 */
function mayNameHeader(bytes: Uint8Array, nameEnd: number): boolean {
  const last = bytes[nameEnd - 1] as number;
  const before = bytes[nameEnd - 2] as number;
  if (NAME_SEPARATOR[last] === 1 || NAME_SEPARATOR[before] === 1) return true;
  const pair = ((before | 0x20) << 8) | (last | 0x20);
  return pair === 0x6f6e || pair === 0x6965;
}

/** Whether an odd number of `quote` bytes come before `at` on its line (within the detector's reach). */
function insideQuotes(bytes: Uint8Array, at: number, quote: number): boolean {
  let count = 0;
  for (let index = at - 1; index >= 0 && at - index <= READ_BEHIND_BYTES && bytes[index] !== 0x0a; index--)
    if (bytes[index] === quote) count++;
  return count % 2 === 1;
}

/** Keys of `Name=value;Name=value` connection strings, whose values a `;` ends (Azure's). */
const CONNECTION_STRING_KEYS = new Set(['accountkey', 'sharedaccesskey']);

/** An Authorization scheme alone (`Authorization: Bearer` in prose) has no credential. */
const AUTH_SCHEMES = new Set(['bearer', 'basic', 'token', 'digest', 'negotiate']);

/** What a string that a quote just closed goes on with, never a secret's first byte. */
const CLOSING_START = new Set([0x20, 0x09, 0x29, 0x2c, 0x3b, 0x5d, 0x7d, 0x2b]);
const CODE_AFTER = new Set([0x28, 0x29, 0x2c, 0x3b, 0x5b, 0x5d, 0x7d]);
const CODE_OPERATORS = ['||', '&&', '??', '?'];

/** Whether what follows an unquoted value makes it code: `(`, `,`, `)`, `;`, `]`, `}`, ` || `, ` ? `. */
function endsCodeValue(bytes: Uint8Array, end: number): boolean {
  const next = bytes[end] as number;
  if (CODE_AFTER.has(next)) return true;
  if (next !== SPACE) return false;
  return CODE_OPERATORS.some(
    (operator) =>
      bytes[end + 1] === operator.charCodeAt(0) &&
      (operator.length === 1 || bytes[end + 2] === operator.charCodeAt(1)),
  );
}

/** A word of one case (`another`, `REQUIRED`, `read-only`): prose or a setting, not a generated secret. */
function isWord(text: string): boolean {
  return ONE_CASE_WORDS.test(text) || CAMEL_WORDS.test(text);
}

/** Words of one case each, joined by `-` or `_`: `read-only`, `SECRET-outside-the-root`. */
const ONE_CASE_WORDS = /^(?:[a-z]+|[A-Z]+)(?:[-_](?:[a-z]+|[A-Z]+))*$/;
/** Words run together, letters only (`messageId`, `ProgressTokenSchema`, `?InterpolationInJSX`): code's names. */
const CAMEL_WORDS = /^[?#@]?[A-Za-z][a-z]+(?:[A-Z][a-z]+)*[A-Z]*$/;

function assignmentKind(normalized: string, bytes: Uint8Array, value: Value): string {
  if (normalized.endsWith('secretaccesskey')) return 'aws-secret-key';
  if (
    CONNECTION_STRING_KEYS.has(normalized) &&
    runLength(bytes, BASE64, value.start, value.end) === value.end - value.start
  )
    return 'azure-storage-key';
  return 'secret-assignment';
}

/** `Authorization: Bearer <token>`, `Basic <base64>`, or any scheme: the credential after the scheme. */
function detectAuthorization(view: ScanView, from: number, limit: number, out: Candidate[]): void {
  const { bytes, text: all } = view;
  const value = readValue(bytes, from, limit);
  if (value.end === value.start) return;
  let credential = value.start;
  let end = value.end;
  let extend = value.extend;
  // The scheme before the credential, if any: `[value.start, schemeEnd)`.
  let schemeEnd = value.start;
  const afterScheme = Math.min(limit, afterEscapes(bytes, value.end));
  if (!value.quoted && isSpace(bytes[afterScheme]) && value.end - value.start <= MAX_SCHEME_BYTES) {
    const next = readValue(bytes, afterScheme, limit);
    if (next.end === next.start) return;
    credential = next.start;
    end = next.end;
    extend = next.extend;
    schemeEnd = value.end;
  } else if (value.quoted) {
    // The scheme's space is looked for within a scheme's reach: a search to the next space anywhere costs
    // the rest of the window at every quoted header without one.
    const reach = Math.min(value.end, value.start + MAX_SCHEME_BYTES + 1);
    let space = value.start;
    while (space < reach && bytes[space] !== 0x20) space++;
    if (space < reach) {
      schemeEnd = space;
      credential = space + 1;
      // As many spaces as the unquoted form takes: a credential further on would start past the reach
      // after its anchor that a window's scan searches again (`ASSIGNMENT_AHEAD_BYTES`).
      while (credential < value.end && credential - space <= MAX_SPACES && bytes[credential] === 0x20)
        credential++;
    }
  }
  // More spaces than that are redacted with the credential they lead to, which is judged from its first byte.
  let first = credential;
  while (first < end && bytes[first] === 0x20) first++;
  if (
    end - first < MIN_VALUE_BYTES ||
    CLOSING_START.has(bytes[first] as number) ||
    REFERENCE_FIRST[bytes[first] as number] === 1
  )
    return;
  const text = all.slice(first, end);
  if (isPlaceholderValue(text) || AUTH_SCHEMES.has(text.toLowerCase())) return;
  const scheme = all.slice(value.start, schemeEnd).toLowerCase();
  const kind = scheme === 'bearer' ? 'bearer-token' : scheme === 'basic' ? 'basic-auth' : 'authorization';
  pushCandidate(out, credential, end, kind, PRIORITY_STRUCTURE, extend);
}

/** `Cookie: a=b; c=d` (the whole value) and `Set-Cookie: id=…; Path=/` (the cookie before the first `;`). */
function detectCookie(view: ScanView, from: number, limit: number, request: boolean, out: Candidate[]): void {
  const { bytes } = view;
  let start = from;
  while (start < limit && start - from < MAX_SPACES && isSpace(bytes[start])) start++;
  if (bytes[start] === 0x22) start++;
  // A cookie is `name=value`: code that names a cookie (`cookie: detectFromCookie`) is not one.
  if (bytes[start + runLength(bytes, COOKIE_NAME, start, limit)] !== EQUALS) return;
  const extend = request ? REQUEST_COOKIE : COOKIE_VALUE;
  const end = start + runLength(bytes, extend, start, limit);
  if (end - start < MIN_VALUE_BYTES || isEachPlaceholder(view.text.slice(start, end))) return;
  pushCandidate(out, start, end, 'cookie', PRIORITY_STRUCTURE, extend);
}

/**
 * Whether every cookie of a header's value (`a=1; b=2`) has a placeholder value: a later cookie's
 * `example.org` or `your_pref` says nothing of the session before it.
 */
function isEachPlaceholder(header: string): boolean {
  for (const cookie of header.split(';')) {
    const equals = cookie.indexOf('=');
    const value = cookie.slice(equals + 1).trim();
    if (!isPlaceholderValue(value)) return false;
  }
  return true;
}
