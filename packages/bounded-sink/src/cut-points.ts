import { type ByteOps, findUtf8BoundaryBefore, skipUtf8Continuation } from '@pipeguard/shared/core';
import type { KeepMode } from './keep-mode';

const LF = 0x0a;

/** Where a truncated stream's kept parts end: cut anywhere between characters, or at a line end when one is near. */
export type CutAt = 'byte' | 'line';

/** Every {@link CutAt}, in the order options list them. */
export const CUT_AT_MODES: readonly CutAt[] = Object.freeze(['byte', 'line'] as const);

/** How `limit` kept bytes split between head and tail: all head, all tail, or `ceil`/`floor` halves. */
export function splitAllowance(limit: number, keep: KeepMode): { head: number; tail: number } {
  const head = keep === 'head' ? limit : keep === 'tail' ? 0 : Math.ceil(limit / 2);
  return { head, tail: limit - head };
}

/**
 * The end of the kept head at or before `end`: after the last line feed within the last quarter of
 * the head's `allowance` when cutting at lines, else the last character boundary (at most 3 bytes back).
 */
export function cutHeadEnd(
  head: Uint8Array,
  end: number,
  allowance: number,
  cutAt: CutAt,
  ops: ByteOps,
): number {
  if (cutAt === 'line' && end > 0 && head[end - 1] !== LF) {
    const lineFeed = ops.lastIndexOf(head, LF, end - 1);
    if (lineFeed !== -1 && lineFeed + 1 >= end - Math.floor(allowance / 4)) return lineFeed + 1;
  }
  return findUtf8BoundaryBefore(head, end);
}

/**
 * The start of the kept tail at or after `start` in `tail`: after the first line feed within the first
 * quarter of the tail's `allowance` when cutting at lines (unless a line already starts there), else
 * past any orphaned continuation bytes. `byteBefore` is the byte just before `tail`, when known.
 */
export function cutTailStart(
  tail: Uint8Array,
  start: number,
  allowance: number,
  cutAt: CutAt,
  byteBefore: number | undefined,
  ops: ByteOps,
): number {
  const previous = start > 0 ? tail[start - 1] : byteBefore;
  if (cutAt === 'line' && start < tail.length && previous !== LF) {
    const lineFeed = ops.indexOf(tail, LF, start);
    if (lineFeed !== -1 && lineFeed + 1 - start <= Math.floor(allowance / 4)) return lineFeed + 1;
  }
  return skipUtf8Continuation(tail, start);
}
