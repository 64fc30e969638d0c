import { detectAssignment, secretNameEnd } from './assignment-detector';
import { DIGIT, pairTable } from './byte-classes';
import type { Candidate, ScanView } from './candidate';
import { PRIORITY_ENV, PRIORITY_PATTERN, pushCandidate } from './candidate';
import { detectKeyBlock } from './key-block';
import type { RedactRules } from './options';
import { ASSIGNMENT_AHEAD_BYTES, READ_AHEAD_BYTES, START_BEHIND_BYTES } from './scan-limits';
import { detectAzureClientSecret, detectJwt, detectTelegramToken } from './shape-detectors';
import {
  AWS_SECRET_AHEAD_BYTES,
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
 * frequent `-`, `_` and capitals of ordinary text cost a table read, not a call. `check`, when set, is the
 * first test of the detector itself at the hit (a secret name's last letters before a `=`).
 * `ahead`: how far after its anchor a candidate may start (0: it starts at or before it). `skipsRuns`: a hit
 * right after another of the same byte never gives a candidate, so a run of it is passed at once (`==` is
 * base64's padding, and no prefix holds `--` or `__`): `-----BEGIN` lines, `===` rules, `__init__`.
 */
interface Anchor {
  readonly text: string;
  readonly detect: Detect;
  readonly pairs: Uint8Array | null;
  readonly pairAt: number;
  readonly check: ((bytes: Uint8Array, at: number) => boolean) | null;
  readonly ahead: number;
  readonly skipsRuns: boolean;
}

const anchor = (text: string, detect: Detect, checks: Partial<Anchor> = {}): Anchor => ({
  text,
  detect,
  pairs: checks.pairs ?? null,
  pairAt: checks.pairAt ?? 0,
  check: checks.check ?? null,
  ahead: checks.ahead ?? 0,
  skipsRuns: checks.skipsRuns ?? false,
});

const pairOf = (text: string): number => (text.charCodeAt(0) << 8) | text.charCodeAt(1);
const EY_PAIR = pairTable([pairOf('ey')]);
const AZURE_PAIRS = pairTable([...'0123456789'].map((digit) => pairOf(`${digit}Q`)));
const followsSecretName = (bytes: Uint8Array, at: number): boolean => secretNameEnd(bytes, at) !== -1;
/** At a colon: `://` of a URL, `<digits>:AA` of a Telegram bot token, or what ends a secret name. */
const mayStartAtColon = (bytes: Uint8Array, at: number): boolean =>
  bytes[at + 1] === 0x2f ||
  (bytes[at + 1] === 0x41 && DIGIT[bytes[at - 1] as number] === 1) ||
  secretNameEnd(bytes, at) !== -1;

/**
 * Prefixes that start with a frequent byte, searched from a rare one in them: a search for `d` or `c` stops
 * at every word (in 2 MB of `git log -p`: `dt0c01.` 0.95 ms, `0c01.` 0.21; `cmVmd` 0.49, `Vmd` 0.03).
 */
const SEARCHED_FROM: ReadonlyMap<string, string> = new Map([
  ['dt0c01.', '0c01.'],
  ['cmVmd', 'Vmd'],
  ['4b1d', '4b1d'],
  ['eyJrIjoi', 'JrIjoi'],
]);

const ANCHORS: readonly Anchor[] = [
  // First the anchors of the longest redactions: a block's later anchors may then lie inside them, and a
  // key block's stop the search of all the others at its start.
  anchor('BEGIN', detectKeyBlock),
  anchor('=', detectAssignment, { check: followsSecretName, ahead: ASSIGNMENT_AHEAD_BYTES, skipsRuns: true }),
  anchor(':', detectColon, { check: mayStartAtColon, ahead: ASSIGNMENT_AHEAD_BYTES }),
  anchor('_', detectSeparatedToken, { pairs: UNDERSCORE_PAIRS, pairAt: -2, skipsRuns: true }),
  anchor('-', detectSeparatedToken, { pairs: DASH_PAIRS, pairAt: -2, skipsRuns: true }),
  anchor('J', detectJwt, { pairs: EY_PAIR, pairAt: -2 }),
  anchor('~', detectAzureClientSecret, { pairs: AZURE_PAIRS, pairAt: -2 }),
  ...needleAnchors(),
];

/**
 * The prefix-searched formats, one search per first byte (`A` for `AKIA`, `ASIA`, `AIza`, `ATBB`, …), or by
 * the rarer bytes after a frequent first one (`vs.` for Vault's `hvs.`): one native scan instead of one per
 * prefix, the prefix checked at each hit. A first byte that starts at most two second bytes (`SG.`, `SK`) is
 * searched with its second: the native search then passes over the other capitals, not a call at each.
 */
function needleAnchors(): Anchor[] {
  const seconds = new Map<string, Set<string>>();
  for (const { prefix } of NEEDLE_FORMATS)
    seconds.set(
      prefix[0] as string,
      (seconds.get(prefix[0] as string) ?? new Set()).add(prefix[1] as string),
    );
  const groups = new Map<string, { skip: number; ahead: number; bySecond: Map<number, TokenFormat[]> }>();
  for (const format of NEEDLE_FORMATS) {
    const first = format.prefix[0] as string;
    const text =
      SEARCHED_FROM.get(format.prefix) ??
      (first === 'h'
        ? format.prefix.slice(1, 4)
        : format.prefix.slice(0, (seconds.get(first) as Set<string>).size <= 2 ? 2 : 1));
    const group = groups.get(text) ?? { skip: format.prefix.indexOf(text), ahead: 0, bySecond: new Map() };
    if (format.kind === 'aws-access-key') group.ahead = AWS_SECRET_AHEAD_BYTES;
    const second = format.prefix.charCodeAt(1);
    group.bySecond.set(second, [...(group.bySecond.get(second) ?? []), format]);
    groups.set(text, group);
  }
  // The first two bytes pick the formats to try: most capitals in text start no prefix at all.
  return [...groups].map(([text, { skip, ahead, bySecond }]) =>
    anchor(
      text,
      (view, at, out) => {
        const start = at - skip;
        const formats = bySecond.get(view.bytes[start + 1] as number);
        if (formats !== undefined)
          for (const format of formats) if (detectNeedleToken(view, format, start, out)) return;
      },
      { pairs: NEEDLE_PAIRS, pairAt: -skip, ahead },
    ),
  );
}

/** Where the next hit of each anchor is, as the scan of one view moves forward; `none` when there is none. */
export class AnchorSearch {
  readonly #view: ScanView;
  readonly #rules: RedactRules;
  readonly #from: number;
  readonly #none: number;
  /** The next hit of each built-in anchor, then of each needle, then of each RegExp (-1: not searched). */
  readonly #next: number[];
  readonly #matchEnds: number[];
  /** Where the needle set's pass has reached: the starts before it were looked at. */
  #setScanned = 0;

  constructor(view: ScanView, rules: RedactRules, from: number) {
    this.#view = view;
    this.#rules = rules;
    this.#from = from;
    this.#none = view.text.length;
    const count = ANCHORS.length + rules.needles.length + rules.regExps.length;
    this.#next = new Array<number>(count).fill(-1);
    this.#matchEnds = new Array<number>(rules.regExps.length).fill(0);
  }

  /**
   * Adds to `out` the candidates of every anchor before `to` that can still give one starting at or after
   * `cursor`: anchors inside what was already redacted are skipped, not visited. Returns where it stopped:
   * before `to` when a private key block was found (the anchors of its body are then never visited), just
   * past the anchors that could still start one before it. Those inside a token are visited: each is a table
   * read, cheaper than stopping at every secret (a visit of every anchor and a new search of each).
   */
  collect(cursor: number, to: number, out: Candidate[]): number {
    const view = this.#view;
    const { bytes, text } = view;
    const next = this.#next;
    const none = this.#none;
    const floor = Math.max(this.#from, cursor);
    for (let index = 0; index < ANCHORS.length; index++) {
      const anchor = ANCHORS[index] as Anchor;
      let at = next[index] as number;
      if (at < cursor - anchor.ahead || at < this.#from)
        at = text.indexOf(anchor.text, Math.max(this.#from, cursor - anchor.ahead));
      if (at === -1 || at >= to) {
        next[index] = at === -1 ? none : at;
        continue;
      }
      const { text: needle, detect, pairs, pairAt, check, skipsRuns } = anchor;
      const first = needle.charCodeAt(0);
      while (at !== -1 && at < to) {
        const pair = at + pairAt;
        if (
          (pairs === null ||
            (pair >= 0 && pairs[((bytes[pair] as number) << 8) | (bytes[pair + 1] as number)] === 1)) &&
          (check === null || check(bytes, at))
        ) {
          const found = out.length;
          detect(view, at, out);
          for (let added = found; added < out.length; added++)
            if ((out[added] as Candidate).block)
              to = Math.min(to, (out[added] as Candidate).start + START_BEHIND_BYTES + 1);
        }
        let after = at + 1;
        if (skipsRuns) while (bytes[after] === first) after++;
        at = text.indexOf(needle, after);
      }
      next[index] = at === -1 ? none : at;
    }
    const { needles, needleSet, regExps } = this.#rules;
    if (!needleSet.empty && this.#setScanned < to) {
      this.#setScanned = needleSet.scan(
        bytes,
        text,
        Math.max(this.#setScanned, floor),
        to,
        ({ text: needle, kind }, at) => pushCandidate(out, at, at + needle.length, kind, PRIORITY_ENV),
      );
    }
    for (let index = 0; index < needles.length; index++) {
      const { text: needle, kind } = needles[index] as (typeof needles)[number];
      const slot = ANCHORS.length + index;
      let at = next[slot] as number;
      if (at < floor) at = text.indexOf(needle, floor);
      while (at !== -1 && at < to) {
        pushCandidate(out, at, at + needle.length, kind, PRIORITY_ENV);
        at = text.indexOf(needle, at + 1);
      }
      next[slot] = at === -1 ? none : at;
    }
    for (let index = 0; index < regExps.length; index++) this.#collectRegExp(index, floor, to, out);
    return to;
  }

  #collectRegExp(index: number, floor: number, to: number, out: Candidate[]): void {
    const { regExp, kind } = this.#rules.regExps[index] as RedactRules['regExps'][number];
    const slot = ANCHORS.length + this.#rules.needles.length + index;
    let at = this.#next[slot] as number;
    let searchFrom = this.#matchEnds[index] as number;
    // A match is added when found, even past `to`: the scan keeps candidates that start later for later.
    while (at < to) {
      regExp.lastIndex = Math.max(searchFrom, floor);
      const match = regExp.exec(this.#view.text);
      if (match === null) {
        at = this.#none;
        break;
      }
      at = match.index;
      const length = match[0].length;
      searchFrom = at + Math.max(1, length);
      if (length > 0 && length <= READ_AHEAD_BYTES && !/[\r\n]/.test(match[0]))
        pushCandidate(out, at, at + length, kind, PRIORITY_PATTERN);
    }
    this.#next[slot] = at;
    this.#matchEnds[index] = searchFrom;
  }
}
