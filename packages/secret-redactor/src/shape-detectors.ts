import { BASE64URL, bytesAt, DIGIT, JWT, runLength, startsToken } from './byte-classes';
import { type Candidate, PRIORITY_FORMAT, pushCandidate, type ScanView } from './candidate';
import { READ_AHEAD_BYTES } from './scan-limits';

// Detectors of tokens with a fixed structure but no literal prefix of their own.

const JWT_PART_MIN_BYTES = 8;
/** The characters of an Azure AD client secret around its `<digit>Q~` mark. */
const AZURE_SECRET = JWT.slice();
AZURE_SECRET[0x7e] = 1;

/**
 * A JSON Web Token at the `J` of its `eyJ` (a base64url `{"`): a header, a dot and a payload that is JSON
 * too; then through the signature. `sk.eyJ…` is a Mapbox secret token.
 */
export function detectJwt(view: ScanView, anchor: number, out: Candidate[]): void {
  const { bytes } = view;
  const start = anchor - 2;
  if (start < 0 || bytes[start] !== 0x65 || bytes[start + 1] !== 0x79) return;
  const mapbox = bytesAt(bytes, start - 3, 'sk.');
  const from = mapbox ? start - 3 : start;
  if (!startsToken(bytes, from, JWT)) return;
  const limit = Math.min(bytes.length, anchor + READ_AHEAD_BYTES);
  const header = runLength(bytes, BASE64URL, anchor + 1, limit);
  const dot = anchor + 1 + header;
  if (header < JWT_PART_MIN_BYTES || bytes[dot] !== 0x2e || !bytesAt(bytes, dot + 1, 'eyJ')) return;
  const payload = runLength(bytes, BASE64URL, dot + 4, Math.min(limit, dot + 4 + JWT_PART_MIN_BYTES));
  if (payload < JWT_PART_MIN_BYTES) return;
  pushCandidate(out, from, dot + 4 + payload, mapbox ? 'mapbox-secret-token' : 'jwt', PRIORITY_FORMAT, JWT);
}

/** An Azure AD client secret at the `~` of its `<3 chars><digit>Q~<31+ chars>`. */
export function detectAzureClientSecret(view: ScanView, anchor: number, out: Candidate[]): void {
  const { bytes } = view;
  const start = anchor - 5;
  if (start < 0 || bytes[anchor - 1] !== 0x51 || DIGIT[bytes[anchor - 2] as number] !== 1) return;
  if (runLength(bytes, AZURE_SECRET, start, anchor - 2) !== 3) return;
  if (!startsToken(bytes, start, AZURE_SECRET)) return;
  const limit = Math.min(bytes.length, anchor + READ_AHEAD_BYTES);
  const body = runLength(bytes, AZURE_SECRET, anchor + 1, Math.min(limit, anchor + 32));
  if (body < 31) return;
  pushCandidate(out, start, anchor + 1 + body, 'azure-ad-client-secret', PRIORITY_FORMAT, AZURE_SECRET);
}

/** A Telegram bot token at its colon: `<8–10 digits>:AA<33 base64url>`. */
export function detectTelegramToken(view: ScanView, anchor: number, out: Candidate[]): boolean {
  const { bytes } = view;
  if (bytes[anchor + 1] !== 0x41 || bytes[anchor + 2] !== 0x41 || DIGIT[bytes[anchor - 1] as number] !== 1)
    return false;
  let start = anchor;
  while (start > 0 && anchor - start < 11 && DIGIT[bytes[start - 1] as number] === 1) start--;
  const digits = anchor - start;
  if (digits < 8 || digits > 10 || !startsToken(bytes, start, BASE64URL)) return false;
  const body = runLength(bytes, BASE64URL, anchor + 1, Math.min(bytes.length, anchor + 37));
  if (body !== 35 || (anchor + 36 < bytes.length && BASE64URL[bytes[anchor + 36] as number] === 1))
    return false;
  pushCandidate(out, start, anchor + 36, 'telegram-bot-token', PRIORITY_FORMAT);
  return true;
}
