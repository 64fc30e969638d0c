import { detectAssignment } from './assignment-detector';
import type { Candidate, ScanView } from './candidate';
import { PRIORITY_ENV, PRIORITY_PATTERN, pushCandidate } from './candidate';
import { detectKeyBlock } from './key-block';
import type { RedactRules } from './options';
import { READ_AHEAD_BYTES } from './scan-limits';
import { detectAzureClientSecret, detectJwt, detectTelegramToken } from './shape-detectors';
import { detectNeedleToken, detectSeparatedToken, NEEDLE_FORMATS } from './token-detector';
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
  ...NEEDLE_FORMATS.map(
    (format) =>
      [
        format.prefix,
        (view: ScanView, at: number, out: Candidate[]) => detectNeedleToken(view, format, at, out),
      ] as const,
  ),
];

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
