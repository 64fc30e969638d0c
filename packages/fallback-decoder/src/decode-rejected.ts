import type { ByteOps, TextOps } from '@pipeguard/shared/core';
import type { LegacyCodec } from './legacy-codec';

/** How a unit that strict UTF-8 rejected was decoded. */
export type RejectedPath = 'fallback' | 'replaced';

const REPLACEMENT_CHARACTER = '\ufffd';
const NUL = 0x00;

/** What a core needs to decode a rejected unit: the encodings to try, the codec, and the runtime's scans. */
export interface RejectedUnitDecoding {
  fallbacks: readonly string[];
  codec: LegacyCodec | undefined;
  byteOps: ByteOps;
  textOps: TextOps;
}

/**
 * Decodes a unit that strict UTF-8 rejected: when it has no NUL, with the first fallback whose
 * text has no U+FFFD (else the first fallback's text); else as UTF-8 with U+FFFD for each maximal
 * invalid subpart, which is exactly what `TextDecoder` (with `ignoreBOM: true`) gives.
 */
export function decodeRejectedBytes(
  bytes: Uint8Array,
  { fallbacks, codec, byteOps, textOps }: RejectedUnitDecoding,
): { text: string; path: RejectedPath } {
  // A legacy codepage maps almost every byte to some character, so binary would become mojibake;
  // no text encoding emits an interior NUL, so it marks binary.
  if (fallbacks.length === 0 || codec === undefined || byteOps.indexOf(bytes, NUL, 0) !== -1) {
    return { text: textOps.utf8(bytes), path: 'replaced' };
  }
  let first: string | undefined;
  for (const encoding of fallbacks) {
    // A unit is a slice of a stream, so a leading BOM-like sequence is text: the codec keeps it.
    const text = codec.decode(bytes, encoding);
    if (!text.includes(REPLACEMENT_CHARACTER)) return { text, path: 'fallback' };
    first ??= text;
  }
  return { text: first as string, path: 'fallback' };
}
