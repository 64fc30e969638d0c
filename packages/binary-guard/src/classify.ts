import { type ByteOps, findUtf8BoundaryBefore, portableByteOps } from '@pipeguard/shared/core';
import { measureControlShare } from './control-share';
import {
  detectUtf16Bom,
  findUtf16BoundaryBefore,
  measureUtf16ControlShare,
  type Utf16Encoding,
} from './utf16';

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
export function cutWindow(
  bytes: Uint8Array,
  windowBytes: number,
  final: boolean,
  utf16: Utf16Encoding | null,
): number {
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
  window: Uint8Array,
  utf16: Utf16Encoding | null,
  lockedUtf16: boolean,
  final: boolean,
  ops: ByteOps = portableByteOps,
): WindowClass {
  const unitShare = utf16 ? measureUtf16ControlShare(window, utf16, final) : null;
  if (utf16 && unitShare !== null && unitShare < CONTROL_SHARE_THRESHOLD) {
    return { verdict: utf16, controlShare: unitShare };
  }
  const controlShare = measureControlShare(window, ops);
  const binary = lockedUtf16 || controlShare >= CONTROL_SHARE_THRESHOLD;
  if (binary && window.length >= MIN_WITHHELD_WINDOW_BYTES) return { verdict: 'binary', controlShare };
  return { verdict: lockedUtf16 && utf16 ? utf16 : 'legacy', controlShare };
}

/** A window's verdict, where it ends, and the control share the verdict rests on. */
export interface ClassifiedWindow extends WindowClass {
  cut: number;
}

/**
 * Classifies the stream's windows one after another, remembering what the stream turned out to be:
 * UTF-16 once a byte-order mark announced it and a window read as UTF-16 text (then every later window
 * that is not is binary), else a legacy codepage once a window was classified.
 */
export class WindowClassifier {
  readonly #windowBytes: number;
  readonly #ops: ByteOps;
  #utf16: Utf16Encoding | null = null;
  #encoding: 'utf-8' | 'legacy' | Utf16Encoding = 'utf-8';

  constructor(windowBytes: number, ops: ByteOps) {
    this.#windowBytes = windowBytes;
    this.#ops = ops;
  }

  /** The UTF-16 byte order the stream passes in, or `null`. */
  get utf16(): Utf16Encoding | null {
    return this.#utf16;
  }

  /** How the passed text is encoded so far. */
  get encoding(): 'utf-8' | 'legacy' | Utf16Encoding {
    return this.#encoding;
  }

  /**
   * Classifies the window at the head of `bytes`, which start at stream offset `offset`; `final`: nothing
   * follows them.
   */
  classify(bytes: Uint8Array, offset: number, final: boolean): ClassifiedWindow {
    const utf16 = this.#utf16 ?? (offset === 0 ? detectUtf16Bom(bytes) : null);
    const cut = cutWindow(bytes, this.#windowBytes, final, utf16);
    const last = final && cut === bytes.length;
    const window = bytes.subarray(0, cut);
    const { verdict, controlShare } = classifyWindow(window, utf16, this.#utf16 !== null, last, this.#ops);
    if (verdict === 'utf-16le' || verdict === 'utf-16be') this.#utf16 = verdict;
    if (verdict !== 'binary') this.#encoding = this.#utf16 ?? 'legacy';
    return { verdict, controlShare, cut };
  }
}
