import { detectAssignment } from './assignment-detector';
import type { Candidate, ScanView } from './candidate';
import { PRIORITY_ENV, PRIORITY_PATTERN, pushCandidate } from './candidate';
import { detectKeyBlock } from './key-block';
import type { RedactRules } from './options';
import { READ_AHEAD_BYTES } from './scan-limits';
import { detectAzureClientSecret, detectJwt, detectTelegramToken } from './shape-detectors';
import { detectNeedleToken, detectSeparatedToken, NEEDLE_FORMATS } from './token-detector';
import type { TokenFormat } from './token-kinds';
import { detectUrlSecret } from './url-detector';

type Detect = (view: ScanView, anchor: number, out: Candidate[]) => void;

function detectColon(view: ScanView, anchor: number, out: Candidate[]): void {
  if (!detectUrlSecret(view, anchor, out) && !detectTelegramToken(view, anchor, out))
    detectAssignment(view, anchor, out);
}

/**
 * The rare bytes and words every built-in secret is found from, each with its detector: one native string
 * search per anchor over the whole view, no per-byte JavaScript and no regular expression.
 */
const ANCHORS: readonly (readonly [anchor: string, detect: Detect])[] = [
  ['_', detectSeparatedToken],
  ['-', detectSeparatedToken],
  ['=', detectAssignment],
  [':', detectColon],
  ['J', detectJwt],
  ['~', detectAzureClientSecret],
  ['BEGIN', detectKeyBlock],
  ...needleAnchors(),
];

/**
 * The prefix-searched formats, one search per first byte (`A` for `AKIA`, `ASIA`, `AIza`, `ATBB`, …; `hv`
 * for Vault's `hvs.`/`hvb.`): one native scan instead of one per prefix, the prefix checked at each hit.
 */
function needleAnchors(): [string, Detect][] {
  const groups = new Map<string, Map<number, TokenFormat[]>>();
  for (const format of NEEDLE_FORMATS) {
    const anchor = format.prefix.startsWith('h') ? format.prefix.slice(0, 2) : (format.prefix[0] as string);
    const bySecond = groups.get(anchor) ?? new Map<number, TokenFormat[]>();
    const second = format.prefix.charCodeAt(1);
    bySecond.set(second, [...(bySecond.get(second) ?? []), format]);
    groups.set(anchor, bySecond);
  }
  // The second byte picks the formats to try: most capitals in text start no prefix at all.
  return [...groups].map(([anchor, bySecond]): [string, Detect] => [
    anchor,
    (view, at, out) => {
      const formats = bySecond.get(view.bytes[at + 1] as number);
      if (formats !== undefined)
        for (const format of formats) if (detectNeedleToken(view, format, at, out)) return;
    },
  ]);
}

/** Every candidate whose anchor is in `[from, to)` of the view, in no particular order. */
export function findCandidates(
  view: ScanView,
  from: number,
  to: number,
  rules: RedactRules,
  out: Candidate[],
): void {
  const { text } = view;
  for (const [anchor, detect] of ANCHORS)
    for (let at = text.indexOf(anchor, from); at !== -1 && at < to; at = text.indexOf(anchor, at + 1))
      detect(view, at, out);
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
