import { findUtf8BoundaryBefore } from '@pipeguard/shared';
import { measureControlShare } from './control-share';
import { findUtf16BoundaryBefore, measureUtf16ControlShare, type Utf16Encoding } from './utf16';

/** Control-byte share at or above which a window is binary (see the README's corpus table). */
export const CONTROL_SHARE_THRESHOLD = 0.05;

/** A window shorter than this (only the last window of a stream can be) is never withheld. */
export const MIN_WITHHELD_WINDOW_BYTES = 256;

/** What a classified piece of the stream turned out to be. */
export type BinaryGuardVerdict = 'utf-8' | 'legacy' | Utf16Encoding | 'binary';

/** A window's verdict and the control share it was judged on. */
export interface WindowClass {
  verdict: BinaryGuardVerdict;
  controlShare: number;
}

/**
 * Where the window at the head of `bytes` ends: `windowBytes` moved back so that it splits no
 * character, or everything when the stream ends first.
 */
export function cutWindow(bytes: Buffer, windowBytes: number, final: boolean, utf16: Utf16Encoding | null) {
  if (final && bytes.length <= windowBytes) return bytes.length;
  return utf16
    ? findUtf16BoundaryBefore(bytes, windowBytes, utf16)
    : findUtf8BoundaryBefore(bytes, windowBytes);
}

/**
 * Classifies one window by its control share: as UTF-16 text when the stream's byte-order mark
 * announced it and the window is well-formed UTF-16, else by its bytes. `lockedUtf16` means the
 * stream already passed as UTF-16, so a window that is not UTF-16 text is binary.
 */
export function classifyWindow(
  window: Buffer,
  utf16: Utf16Encoding | null,
  lockedUtf16: boolean,
  final: boolean,
): WindowClass {
  const unitShare = utf16 ? measureUtf16ControlShare(window, utf16, final) : null;
  if (utf16 && unitShare !== null && unitShare < CONTROL_SHARE_THRESHOLD) {
    return { verdict: utf16, controlShare: unitShare };
  }
  const controlShare = measureControlShare(window);
  const binary = lockedUtf16 || controlShare >= CONTROL_SHARE_THRESHOLD;
  if (binary && window.length >= MIN_WITHHELD_WINDOW_BYTES) return { verdict: 'binary', controlShare };
  return { verdict: lockedUtf16 && utf16 ? utf16 : 'legacy', controlShare };
}
