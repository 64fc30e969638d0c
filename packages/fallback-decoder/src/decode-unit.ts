import { nodeByteOps, nodeTextOps } from '@pipeguard/shared';
import { decodeRejectedBytes, type RejectedPath } from './decode-rejected';
import { iconvCodec } from './iconv-codec';

export type { RejectedPath } from './decode-rejected';

/**
 * Decodes a unit that strict UTF-8 rejected: when it has no NUL, with the first fallback whose
 * text has no U+FFFD (else the first fallback's text); else as UTF-8 with U+FFFD for each maximal
 * invalid subpart, which is exactly what `TextDecoder` (with `ignoreBOM: true`) gives. iconv-lite
 * decodes the fallbacks.
 */
export function decodeRejectedUnit(
  bytes: Buffer,
  fallbacks: readonly string[],
): { text: string; path: RejectedPath } {
  return decodeRejectedBytes(bytes, {
    fallbacks,
    codec: iconvCodec,
    byteOps: nodeByteOps,
    textOps: nodeTextOps,
  });
}
