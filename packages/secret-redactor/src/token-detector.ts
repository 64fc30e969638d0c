import { ALNUM, BASE64, bytesAt, pairTable, runLength, startsToken, WORD } from './byte-classes';
import { type Candidate, PRIORITY_FORMAT, pushCandidate, type ScanView } from './candidate';
import { READ_AHEAD_BYTES } from './scan-limits';
import { TOKEN_FORMATS, type TokenFormat } from './token-kinds';

const LF = 0x0a;

/** A format found from its prefix's last `_` or `-`: `separatorIndex` is where that byte is in the prefix. */
interface SeparatedFormat {
  readonly format: TokenFormat;
  readonly separatorIndex: number;
}

/**
 * The formats found from a separator, by the two bytes before it (`hp` for `ghp_`): most `_` and `-` miss.
 * `lists[index[pair] - 1]` holds a pair's formats: two array reads at each hit, where a `Map` lookup cost more.
 */
interface SeparatedFormats {
  readonly index: Uint16Array;
  readonly lists: readonly (readonly SeparatedFormat[])[];
}

function separatedFormats(separator: string): SeparatedFormats {
  const index = new Uint16Array(65536);
  const lists: SeparatedFormat[][] = [];
  for (const format of TOKEN_FORMATS) {
    const separatorIndex = Math.max(format.prefix.lastIndexOf('_'), format.prefix.lastIndexOf('-'));
    if (separatorIndex < 2 || format.prefix[separatorIndex] !== separator) continue;
    const key =
      (format.prefix.charCodeAt(separatorIndex - 2) << 8) | format.prefix.charCodeAt(separatorIndex - 1);
    if (index[key] === 0) index[key] = lists.push([]);
    (lists[(index[key] as number) - 1] as SeparatedFormat[]).push({ format, separatorIndex });
  }
  return { index, lists };
}

const BY_UNDERSCORE = separatedFormats('_');
const BY_DASH = separatedFormats('-');
const pairsOf = ({ index }: SeparatedFormats): Uint8Array =>
  Uint8Array.from(index, (list) => (list === 0 ? 0 : 1));

/** The two bytes before a `_` that can end a prefix (`hp` of `ghp_`), as a pair table. */
export const UNDERSCORE_PAIRS = pairsOf(BY_UNDERSCORE);
/** The two bytes before a `-` that can end a prefix (`at` of `glpat-`), as a pair table. */
export const DASH_PAIRS = pairsOf(BY_DASH);

/** Formats without `_` or `-` in their prefix, searched by the prefix (most start with a capital). */
export const NEEDLE_FORMATS: readonly TokenFormat[] = TOKEN_FORMATS.filter(
  (format) => !format.prefix.includes('_') && !format.prefix.includes('-'),
);

/** The first two bytes of every prefix-searched format (`AK` of `AKIA`), as a pair table. */
export const NEEDLE_PAIRS = pairTable(
  NEEDLE_FORMATS.map((format) => (format.prefix.charCodeAt(0) << 8) | format.prefix.charCodeAt(1)),
);

const EXAMPLE = 'EXAMPLE';
/**
 * Whether `EXAMPLE` lies within `[from, to)` of the view: a native search of the Latin-1 text bounded to a
 * token (a byte loop over each token found cost 1.5–3 % of dense text).
 */
const holdsExample = (view: ScanView, from: number, to: number): boolean =>
  view.text.slice(from, to).includes(EXAMPLE);
/** An AWS secret access key: 40 bytes of base64 without padding. */
const AWS_SECRET_BYTES = 40;
/** How far after its access key's end an AWS secret key may start. */
const AWS_SECRET_NEARBY_BYTES = 64;
/** An access key's bytes (`AKIA` and 16). */
const AWS_ACCESS_KEY_BYTES = 20;
/**
 * How far after its anchor (the access key's first byte) the secret key found with an access key may
 * start: the one redaction of a format that starts after its anchor, so that anchor is searched again this
 * far back in a window after the one that committed the access key.
 */
export const AWS_SECRET_AHEAD_BYTES = AWS_ACCESS_KEY_BYTES + AWS_SECRET_NEARBY_BYTES;
const AWS_SECRET = BASE64.slice();
AWS_SECRET[0x3d] = 0;

/** Where the token of `format` starting at `start` ends, or -1 when the bytes there are not one. */
function matchFormat(view: ScanView, format: TokenFormat, start: number, limit: number): number {
  const { bytes } = view;
  if (start < 0 || !startsToken(bytes, start, WORD)) return -1;
  if (!bytesAt(bytes, start, format.prefix)) return -1;
  const bodyStart = start + format.prefix.length;
  const exact = format.exactBodyBytes;
  const wanted = exact ?? format.minBodyBytes;
  if (runLength(bytes, format.body, bodyStart, Math.min(limit, bodyStart + wanted)) < wanted) return -1;
  if (
    exact !== undefined &&
    bodyStart + exact < bytes.length &&
    ALNUM[bytes[bodyStart + exact] as number] === 1
  )
    return -1;
  if (format.bodyCheck !== undefined && !format.bodyCheck(bytes, bodyStart)) return -1;
  return bodyStart + wanted;
}

function addFormat(
  view: ScanView,
  format: TokenFormat,
  start: number,
  anchor: number,
  out: Candidate[],
): boolean {
  const limit = Math.min(view.bytes.length, anchor + READ_AHEAD_BYTES);
  const end = matchFormat(view, format, start, limit);
  if (end === -1) return false;
  // AWS's documented keys (`AKIAIOSFODNN7EXAMPLE`) and their like end in EXAMPLE: shapes, not secrets.
  if (holdsExample(view, start, end + EXAMPLE.length)) return true;
  const extend = format.exactBodyBytes === undefined ? format.body : null;
  pushCandidate(out, start, end, format.kind, PRIORITY_FORMAT, extend);
  if (format.kind === 'aws-access-key') addAwsSecretNearby(view, end, limit, out);
  return true;
}

/**
 * An AWS secret key a little after its access key on the same line (`AKIA… wJalr…`, a CSV row, a `--secret`
 * flag). Not past the line's end: the stage releases a line at its end, so a key on the next line would be
 * found only when both lines came in one write (a secret named as one, `aws_secret_access_key = …`, is found
 * on any line by its name).
 */
function addAwsSecretNearby(view: ScanView, from: number, limit: number, out: Candidate[]): void {
  const { bytes } = view;
  const last = Math.min(limit - AWS_SECRET_BYTES - 1, from + AWS_SECRET_NEARBY_BYTES);
  for (let at = from; at <= last; at++) {
    if (bytes[at] === LF) return;
    if (AWS_SECRET[bytes[at] as number] !== 1 || AWS_SECRET[bytes[at - 1] as number] === 1) continue;
    if (runLength(bytes, AWS_SECRET, at, at + AWS_SECRET_BYTES + 1) !== AWS_SECRET_BYTES) continue;
    if (!mixesCase(bytes, at, at + AWS_SECRET_BYTES)) continue;
    if (holdsExample(view, at, at + AWS_SECRET_BYTES + EXAMPLE.length)) return;
    pushCandidate(out, at, at + AWS_SECRET_BYTES, 'aws-secret-key', PRIORITY_FORMAT);
    return;
  }
}

/**
 * Whether `bytes[start, end)` holds an upper- and a lower-case letter. A secret key is random base64, so
 * it mixes them (all of one case: about 1 in 10^9); a commit SHA or a digest in hex is of one case.
 */
function mixesCase(bytes: Uint8Array, start: number, end: number): boolean {
  let upper = false;
  let lower = false;
  for (let at = start; at < end; at++) {
    const byte = bytes[at] as number;
    if (byte >= 0x41 && byte <= 0x5a) upper = true;
    else if (byte >= 0x61 && byte <= 0x7a) lower = true;
    if (upper && lower) return true;
  }
  return false;
}

/** Tokens whose prefix ends in the separator at `anchor` (`_` or `-`). */
export function detectSeparatedToken(view: ScanView, anchor: number, out: Candidate[]): void {
  if (anchor < 2) return;
  const { bytes } = view;
  const { index, lists } = bytes[anchor] === 0x5f ? BY_UNDERSCORE : BY_DASH;
  const list = index[((bytes[anchor - 2] as number) << 8) | (bytes[anchor - 1] as number)] as number;
  if (list === 0) return;
  for (const { format, separatorIndex } of lists[list - 1] as readonly SeparatedFormat[])
    if (addFormat(view, format, anchor - separatorIndex, anchor, out)) return;
}

/** A token of a prefix-searched format at `at`. */
export function detectNeedleToken(
  view: ScanView,
  format: TokenFormat,
  at: number,
  out: Candidate[],
): boolean {
  return addFormat(view, format, at, at, out);
}
