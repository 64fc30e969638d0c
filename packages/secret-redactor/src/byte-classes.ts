/** A byte class: `table[byte] === 1` when the byte belongs to it. */
export type ByteClass = Uint8Array;

/** The class of the bytes listed, `a-z` meaning a range. */
export function classOf(ranges: string): ByteClass {
  const table = new Uint8Array(256);
  for (let index = 0; index < ranges.length; index++) {
    const from = ranges.charCodeAt(index);
    if (ranges[index + 1] === '-' && index + 2 < ranges.length) {
      const to = ranges.charCodeAt(index + 2);
      for (let byte = from; byte <= to; byte++) table[byte] = 1;
      index += 2;
    } else table[from] = 1;
  }
  return table;
}

function without(base: ByteClass, bytes: string): ByteClass {
  const table = base.slice();
  for (const char of bytes) table[char.charCodeAt(0)] = 0;
  return table;
}

export const ALNUM = classOf('A-Za-z0-9');
/** What `\w` means: a token prefix must not follow one of these (`my_ghp_…` is not a GitHub token). */
export const WORD = classOf('A-Za-z0-9_');
export const HEX = classOf('0-9a-fA-F');
export const UPPER_ALNUM = classOf('A-Z0-9');
export const BASE64URL = classOf('A-Za-z0-9_-');
export const BASE64 = classOf('A-Za-z0-9+/=');
export const DIGIT = classOf('0-9');
/** A JWT's three segments and their dots. */
export const JWT = classOf('A-Za-z0-9_.-');
/** Characters of a key in `KEY=value` forms: `--db-password`, `aws.secret_key`, `_authToken`. */
export const KEY = classOf('A-Za-z0-9_.-');
/** Any byte a token of any kind may hold: what an over-long token is extended through. */
export const TOKEN = classOf('A-Za-z0-9_.+/=~-');
/** An unquoted value: up to whitespace, a quote or a delimiter of the text around it. */
export const UNQUOTED_VALUE = without(classOf('!-~\x80-\xff'), '"\'`,;&<>()[]{}\\');
/** The rest of a header line (a cookie, a credential): everything up to a line end. */
export const TO_LINE_END = without(classOf('\x00-\xff'), '\r\n');
export const IN_DOUBLE_QUOTES = without(TO_LINE_END, '"');
export const IN_SINGLE_QUOTES = without(TO_LINE_END, "'");
export const IN_BACKTICKS = without(TO_LINE_END, '`');
/** The password of `scheme://user:password@host`. */
export const URL_PASSWORD = without(classOf('!-~\x80-\xff'), '@/"\'`<>\\');
export const URL_USER = without(URL_PASSWORD, ':');

/** A table of the 65536 byte pairs: 1 for the pairs `keys` holds, each `(first << 8) | second`. */
export function pairTable(keys: Iterable<number>): Uint8Array {
  const table = new Uint8Array(65536);
  for (const key of keys) table[key] = 1;
  return table;
}

/** The number of bytes of `cls` from `from`, stopping at `limit`. */
export function runLength(bytes: Uint8Array, cls: ByteClass, from: number, limit: number): number {
  let at = from;
  while (at < limit && cls[bytes[at] as number] === 1) at++;
  return at - from;
}

/** Whether the bytes at `at` spell `ascii`. */
export function bytesAt(bytes: Uint8Array, at: number, ascii: string): boolean {
  if (at < 0 || at + ascii.length > bytes.length) return false;
  for (let index = 0; index < ascii.length; index++)
    if (bytes[at + index] !== ascii.charCodeAt(index)) return false;
  return true;
}

const ESC = 0x1b;
const CSI_PARAMETERS = classOf('0-9;:');

/**
 * Bytes of colours and erases (`ESC[01;31m`, `ESC[K`, as grep --color and jq -C write around a match) read
 * through at each place around a name and its value: bounded, so that a value still starts within the
 * reach after its anchor that a window's scan searches again (`ASSIGNMENT_AHEAD_BYTES`).
 */
export const MAX_ESCAPE_BYTES = 12;

/**
 * The `ESC` of the escape sequence whose parameters (digits, `;`, `:`) end right before `at`, looked for at
 * most `reach` bytes back; -1 when none.
 */
function escapeBefore(bytes: Uint8Array, at: number, reach: number): number {
  let open = at - 1;
  while (open > 0 && at - open < reach && CSI_PARAMETERS[bytes[open] as number] === 1) open--;
  return bytes[open] === 0x5b && bytes[open - 1] === ESC ? open - 1 : -1;
}

/** Where the colours and erases that end at `end` begin (at most `MAX_ESCAPE_BYTES` back); `end` if none. */
export function beforeEscapes(bytes: Uint8Array, end: number): number {
  let start = end;
  for (;;) {
    const final = bytes[start - 1];
    if (final !== 0x6d && final !== 0x4b) return start;
    const sequence = escapeBefore(bytes, start - 1, MAX_ESCAPE_BYTES);
    if (sequence === -1 || end - sequence > MAX_ESCAPE_BYTES) return start;
    start = sequence;
  }
}

/** Where the colours and erases that begin at `start` end (at most `MAX_ESCAPE_BYTES` on); `start` if none. */
export function afterEscapes(bytes: Uint8Array, start: number): number {
  let end = start;
  while (bytes[end] === ESC && bytes[end + 1] === 0x5b) {
    let at = end + 2;
    while (at - start < MAX_ESCAPE_BYTES && CSI_PARAMETERS[bytes[at] as number] === 1) at++;
    if ((bytes[at] !== 0x6d && bytes[at] !== 0x4b) || at + 1 - start > MAX_ESCAPE_BYTES) return end;
    end = at + 1;
  }
  return end;
}

/**
 * Where a name begins that a walk back over name bytes read from inside the colours and erases before it
 * (`ESC[1mName` reads `1mName`, `ESC[01;31mName` stops at the `;`): past them, if they end before `nameEnd`.
 */
export function pastEscapes(bytes: Uint8Array, nameStart: number, nameEnd: number): number {
  const sequence = escapeBefore(bytes, nameStart, MAX_ESCAPE_BYTES);
  if (sequence === -1) return nameStart;
  const past = afterEscapes(bytes, sequence);
  return past > nameStart && past < nameEnd ? past : nameStart;
}

/**
 * Whether a token may start at `start`: the byte before it is not of `cls`, or it ends an escape
 * sequence (`ESC [ 1;31 m` before a coloured token, which the `m` would otherwise hide).
 */
export function startsToken(bytes: Uint8Array, start: number, cls: ByteClass): boolean {
  if (start <= 0 || cls[bytes[start - 1] as number] !== 1) return true;
  return escapeBefore(bytes, start - 1, 23) !== -1;
}
