import { loadIconv } from './load-iconv';

/** How a unit that strict UTF-8 rejected was decoded. */
export type RejectedPath = 'fallback' | 'replaced';

const REPLACEMENT_CHARACTER = '\ufffd';
const NUL = 0x00;

/**
 * Decodes a unit that strict UTF-8 rejected: when it has no NUL, with the first fallback whose
 * text has no U+FFFD (else the first fallback's text); else as UTF-8 with U+FFFD for each maximal
 * invalid subpart, which is exactly what `TextDecoder` (with `ignoreBOM: true`) gives.
 */
export function decodeRejectedUnit(
  bytes: Buffer,
  fallbacks: readonly string[],
): { text: string; path: RejectedPath } {
  // A legacy codepage maps almost every byte to some character, so binary would become mojibake;
  // no text encoding emits an interior NUL, so it marks binary.
  if (fallbacks.length === 0 || bytes.indexOf(NUL) !== -1) {
    return { text: bytes.toString('utf8'), path: 'replaced' };
  }
  let first: string | undefined;
  for (const encoding of fallbacks) {
    // stripBOM off: a unit is a slice of a stream, so a leading BOM-like sequence is text.
    const text = loadIconv().decode(bytes, encoding, { stripBOM: false });
    if (!text.includes(REPLACEMENT_CHARACTER)) return { text, path: 'fallback' };
    first ??= text;
  }
  return { text: first as string, path: 'fallback' };
}
