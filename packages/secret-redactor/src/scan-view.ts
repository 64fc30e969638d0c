import type { ByteOps } from '@pipeguard/shared/core';
import type { ByteClass } from './byte-classes';
import type { Candidate, ScanView } from './candidate';
import { AnchorSearch } from './find-candidates';
import { KeyBlockEnd } from './key-block';
import type { RedactRules } from './options';
import { START_AHEAD_BYTES, START_BEHIND_BYTES } from './scan-limits';

/** A secret that goes on past the scanned bytes: a token through its bytes, or a key block to its end. */
export type Continuation = { readonly run: ByteClass } | { readonly block: KeyBlockEnd };

/** Where a scan's output goes, in view offsets. */
export interface ScanSink {
  /** The view's bytes `[start, end)` pass. */
  pass(start: number, end: number): void;
  /** A secret at `[start, end)` (its end may grow while it continues) is replaced by its marker. */
  redact(kind: string, start: number, end: number): void;
}

/** How a scan may end: whether a token can go on after the view, or a key block can. */
export interface ScanEdge {
  /** The view ends a line (or the input): a token cannot go on past it. */
  readonly lineEnds: boolean;
  /** The view ends the input: a key block cannot go on past it. */
  readonly inputEnds: boolean;
}

const ALLOW_PREFIX_BYTES = 140;
/**
 * Anchors are visited a block at a time: a redaction skips the anchors of the blocks it covers. Blocks start
 * small (a short view costs little) and grow, each costing a visit of every anchor.
 */
const MIN_BLOCK_BYTES = 64;
const MAX_BLOCK_BYTES = 16 * 1024;

function byStart(a: Candidate, b: Candidate): number {
  return a.start - b.start || a.priority - b.priority || b.end - a.end;
}

function isAllowed(view: ScanView, candidate: Candidate, end: number, rules: RedactRules): boolean {
  if (rules.allowed.size === 0 && rules.allowedRegExps.length === 0) return false;
  const text = view.text.slice(candidate.start, Math.min(end, candidate.start + ALLOW_PREFIX_BYTES));
  return rules.allowed.has(text) || rules.allowedRegExps.some((regExp) => regExp.test(text));
}

/**
 * Redacts the secrets that start in `[from, commitEnd)` of the view, leftmost first, and passes the bytes
 * between. Returns where its output stopped (at least `commitEnd`, further when a secret reaches past it)
 * and, when a secret goes on past the view, what it continues as. The anchors are visited in blocks, in
 * order: a candidate is settled once no later anchor can give one that starts before it, and the anchors
 * inside a redaction are never visited.
 */
export function scanView(
  view: ScanView,
  from: number,
  commitEnd: number,
  edge: ScanEdge,
  rules: RedactRules,
  ops: ByteOps,
  sink: ScanSink,
): { stop: number; continuation: Continuation | null } {
  const { bytes } = view;
  const lowest = Math.max(0, from - START_AHEAD_BYTES);
  const anchorsTo = Math.min(bytes.length, commitEnd + START_BEHIND_BYTES);
  const anchors = new AnchorSearch(view, rules, lowest);
  const candidates: Candidate[] = [];
  let cursor = from;
  let blockBytes = MIN_BLOCK_BYTES;
  for (let blockStart = lowest; blockStart < anchorsTo; ) {
    const blockEnd = anchors.collect(cursor, Math.min(anchorsTo, blockStart + blockBytes), candidates);
    const settled = blockEnd === anchorsTo ? commitEnd : blockEnd - START_BEHIND_BYTES;
    if (candidates.length > 1) candidates.sort(byStart);
    let kept = 0;
    for (const candidate of candidates) {
      const { start } = candidate;
      if (start < cursor || start >= commitEnd) continue;
      if (start >= settled) {
        candidates[kept++] = candidate;
        continue;
      }
      let end = candidate.end;
      const run = candidate.extend;
      // Only as far as the allow check reads first: a run of allowed tokens would be read to its end at each.
      if (run !== null) {
        const allowEnd = Math.min(bytes.length, start + ALLOW_PREFIX_BYTES);
        while (end < allowEnd && run[bytes[end] as number] === 1) end++;
      }
      if (isAllowed(view, candidate, end, rules)) continue;
      if (run !== null) while (end < bytes.length && run[bytes[end] as number] === 1) end++;
      sink.pass(cursor, start);
      let continuation: Continuation | null = null;
      if (candidate.block) {
        const keyBlockEnd = new KeyBlockEnd();
        const found = keyBlockEnd.find(bytes, end, ops.indexOfSequence);
        end = found === -1 ? bytes.length : found;
        if (found === -1 && !edge.inputEnds) continuation = { block: keyBlockEnd };
      } else if (run !== null && end === bytes.length && !edge.lineEnds) continuation = { run };
      sink.redact(candidate.kind, start, end);
      cursor = end;
      if (continuation !== null) return { stop: bytes.length, continuation };
    }
    blockBytes = Math.min(MAX_BLOCK_BYTES, blockBytes * 2);
    if (kept < candidates.length) candidates.length = kept;
    // A long redaction moves the next block past the anchors it covers.
    blockStart = Math.max(blockEnd, cursor - START_AHEAD_BYTES);
  }
  const stop = Math.max(cursor, commitEnd);
  sink.pass(cursor, stop);
  return { stop, continuation: null };
}
