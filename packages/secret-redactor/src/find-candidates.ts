import { detectAssignment } from './assignment-detector';
import { pairTable } from './byte-classes';
import type { Candidate, ScanView } from './candidate';
import { PRIORITY_ENV, PRIORITY_PATTERN, pushCandidate } from './candidate';
import { detectKeyBlock } from './key-block';
import type { RedactRules } from './options';
import { READ_AHEAD_BYTES } from './scan-limits';
import { detectAzureClientSecret, detectJwt, detectTelegramToken } from './shape-detectors';
import {
  DASH_PAIRS,
  detectNeedleToken,
  detectSeparatedToken,
  NEEDLE_FORMATS,
  NEEDLE_PAIRS,
  UNDERSCORE_PAIRS,
} from './token-detector';
import type { TokenFormat } from './token-kinds';
import { detectUrlSecret } from './url-detector';

type Detect = (view: ScanView, anchor: number, out: Candidate[]) => void;

function detectColon(view: ScanView, anchor: number, out: Candidate[]): void {
  if (!detectUrlSecret(view, anchor, out) && !detectTelegramToken(view, anchor, out))
    detectAssignment(view, anchor, out);
}

/**
 * An anchor: a rare byte or word every built-in secret is found from, searched natively over the whole view,
 * and its detector. `pairs`, when set, is the O(1) first check at each hit: the detector runs only when the
 * two bytes at `anchor + pairAt` are a pair it can start from (`hp` before the `_` of `ghp_`), so the
 * frequent `-`, `_` and capitals of ordinary text cost a table read, not a call.
 */
interface Anchor {
  readonly text: string;
  readonly detect: Detect;
  readonly pairs: Uint8Array | null;
  readonly pairAt: number;
}

const anchor = (text: string, detect: Detect, pairs: Uint8Array | null = null, pairAt = 0): Anchor => ({
  text,
  detect,
  pairs,
  pairAt,
});

const pairOf = (text: string): number => (text.charCodeAt(0) << 8) | text.charCodeAt(1);
const EY_PAIR = pairTable([pairOf('ey')]);
const AZURE_PAIRS = pairTable([...'0123456789'].map((digit) => pairOf(`${digit}Q`)));

const ANCHORS: readonly Anchor[] = [
  anchor('_', detectSeparatedToken, UNDERSCORE_PAIRS, -2),
  anchor('-', detectSeparatedToken, DASH_PAIRS, -2),
  anchor('=', detectAssignment),
  anchor(':', detectColon),
  anchor('J', detectJwt, EY_PAIR, -2),
  anchor('~', detectAzureClientSecret, AZURE_PAIRS, -2),
  anchor('BEGIN', detectKeyBlock),
  ...needleAnchors(),
];

/**
 * The prefix-searched formats, one search per first byte (`A` for `AKIA`, `ASIA`, `AIza`, `ATBB`, …; `hv`
 * for Vault's `hvs.`/`hvb.`): one native scan instead of one per prefix, the prefix checked at each hit.
 */
function needleAnchors(): Anchor[] {
  const groups = new Map<string, Map<number, TokenFormat[]>>();
  for (const format of NEEDLE_FORMATS) {
    const text = format.prefix.startsWith('h') ? format.prefix.slice(0, 2) : (format.prefix[0] as string);
    const bySecond = groups.get(text) ?? new Map<number, TokenFormat[]>();
    const second = format.prefix.charCodeAt(1);
    bySecond.set(second, [...(bySecond.get(second) ?? []), format]);
    groups.set(text, bySecond);
  }
  // The first two bytes pick the formats to try: most capitals in text start no prefix at all.
  return [...groups].map(([text, bySecond]) =>
    anchor(
      text,
      (view, at, out) => {
        const formats = bySecond.get(view.bytes[at + 1] as number);
        if (formats !== undefined)
          for (const format of formats) if (detectNeedleToken(view, format, at, out)) return;
      },
      NEEDLE_PAIRS,
    ),
  );
}

/** Every candidate whose anchor is in `[from, to)` of the view, in no particular order. */
export function findCandidates(
  view: ScanView,
  from: number,
  to: number,
  rules: RedactRules,
  out: Candidate[],
): void {
  const { bytes, text } = view;
  for (const { text: needle, detect, pairs, pairAt } of ANCHORS)
    for (let at = text.indexOf(needle, from); at !== -1 && at < to; at = text.indexOf(needle, at + 1)) {
      const pair = at + pairAt;
      if (
        pairs !== null &&
        (pair < 0 || pairs[((bytes[pair] as number) << 8) | (bytes[pair + 1] as number)] !== 1)
      )
        continue;
      detect(view, at, out);
    }
  for (const needle of rules.needles)
    for (
      let at = text.indexOf(needle.text, from);
      at !== -1 && at < to;
      at = text.indexOf(needle.text, at + 1)
    )
      pushCandidate(out, at, at + needle.text.length, needle.kind, PRIORITY_ENV);
  for (const { regExp, kind } of rules.regExps) {
    regExp.lastIndex = from;
    for (let match = regExp.exec(text); match !== null && match.index < to; match = regExp.exec(text)) {
      const length = match[0].length;
      if (length === 0) regExp.lastIndex++;
      else if (length <= READ_AHEAD_BYTES && !/[\r\n]/.test(match[0]))
        pushCandidate(out, match.index, match.index + length, kind, PRIORITY_PATTERN);
    }
  }
}
