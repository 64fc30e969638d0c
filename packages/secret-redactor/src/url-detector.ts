import { ALNUM, bytesAt, classOf, runLength, URL_PASSWORD, URL_USER } from './byte-classes';
import { type Candidate, PRIORITY_STRUCTURE, pushCandidate, type ScanView } from './candidate';
import { isPlaceholderValue } from './placeholders';
import { READ_AHEAD_BYTES } from './scan-limits';

const SCHEME = classOf('A-Za-z0-9+.-');
const WEBHOOK_PATH = classOf('A-Za-z0-9/_-');
const MAX_USER_BYTES = 48;
/** Passwords of documented URLs: `user:pass@`, `foo:bar@`. */
const URL_PLACEHOLDERS = new Set(['pass', 'pw', 'bar', 'pwd']);

/** Webhook URLs whose path is the secret, after `://`. */
const WEBHOOKS: readonly (readonly [prefix: string, kind: string])[] = [
  ['hooks.slack.com/services/', 'slack-webhook'],
  ['hooks.slack.com/workflows/', 'slack-webhook'],
  ['hooks.slack.com/triggers/', 'slack-webhook'],
  ['discord.com/api/webhooks/', 'discord-webhook'],
  ['discordapp.com/api/webhooks/', 'discord-webhook'],
];
const WEBHOOK_FIRST = classOf(WEBHOOKS.map(([prefix]) => prefix[0]).join(''));

/**
 * At the colon of `scheme://`: the password of `scheme://user:password@host`, or a webhook URL's secret
 * path. Returns whether the colon began a URL (then it is no `key: value`).
 */
export function detectUrlSecret(view: ScanView, anchor: number, out: Candidate[]): boolean {
  const { bytes } = view;
  if (bytes[anchor + 1] !== 0x2f || bytes[anchor + 2] !== 0x2f) return false;
  let scheme = anchor;
  while (scheme > 0 && anchor - scheme < 16 && SCHEME[bytes[scheme - 1] as number] === 1) scheme--;
  if (anchor - scheme < 2) return false;
  const limit = Math.min(bytes.length, anchor + READ_AHEAD_BYTES);
  const authority = anchor + 3;
  // Most URLs' hosts start with neither webhook host's first byte: the five prefixes are then not read.
  if (WEBHOOK_FIRST[bytes[authority] as number] === 1)
    for (const [prefix, kind] of WEBHOOKS) {
      if (!bytesAt(bytes, authority, prefix)) continue;
      const start = authority + prefix.length;
      const length = runLength(bytes, WEBHOOK_PATH, start, limit);
      if (length >= 20) pushCandidate(out, start, start + length, kind, PRIORITY_STRUCTURE, WEBHOOK_PATH);
      return true;
    }
  const user = runLength(bytes, URL_USER, authority, Math.min(limit, authority + MAX_USER_BYTES + 1));
  const colon = authority + user;
  // `cvs://:pserver:anoncvs@host` has no user: its colons are no `user:password`.
  if (user === 0 || user > MAX_USER_BYTES || bytes[colon] !== 0x3a) return true;
  const password = runLength(bytes, URL_PASSWORD, colon + 1, limit);
  const at = colon + 1 + password;
  if (password === 0 || bytes[at] !== 0x40 || ALNUM[bytes[at + 1] as number] !== 1) return true;
  const text = view.text.slice(colon + 1, at);
  if (isPlaceholderValue(text) || URL_PLACEHOLDERS.has(text)) return true;
  pushCandidate(out, colon + 1, at, 'url-password', PRIORITY_STRUCTURE);
  return true;
}
