import type { ByteClass } from './byte-classes';
import type { NameCache } from './secret-names';

/** Bytes being scanned, with their Latin-1 text (one character per byte) for the native anchor search. */
export interface ScanView {
  readonly bytes: Uint8Array;
  readonly text: string;
  /** What the names met so far say, kept by the redactor across views. */
  readonly names: NameCache;
}

/** A secret a detector found: `[start, end)` of the view, to be extended through `extend` or a key block. */
export interface Candidate {
  start: number;
  end: number;
  kind: string;
  /** Lower wins when two start at the same byte: the environment, the caller's, formats, then names. */
  priority: number;
  /** The bytes a secret longer than its detector's reach goes on through. */
  extend: ByteClass | null;
  /** A private key block: withheld through its END line. */
  block: boolean;
}

export const PRIORITY_ENV = 0;
export const PRIORITY_PATTERN = 1;
export const PRIORITY_FORMAT = 2;
export const PRIORITY_STRUCTURE = 3;
export const PRIORITY_ASSIGNMENT = 4;

/** Adds a candidate to `out`. */
export function pushCandidate(
  out: Candidate[],
  start: number,
  end: number,
  kind: string,
  priority: number,
  extend: ByteClass | null = null,
  block = false,
): void {
  out.push({ start, end, kind, priority, extend, block });
}
