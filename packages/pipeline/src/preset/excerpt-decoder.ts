import { decodeRejectedBytes, type LegacyCodec } from '@pipeguard/fallback-decoder/core';
import type { ByteOps, TextOps } from '@pipeguard/shared/core';

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes an excerpt line as the decoder decodes a unit (`decodeRejectedBytes`, its one rule): UTF-8 when it
 * is, else with the first fallback whose text has no U+FFFD (through `codec`), else UTF-8 with replacement
 * characters.
 */
export function excerptDecoder(
  fallback: string | readonly string[] | null,
  tools: { byteOps: ByteOps; textOps: TextOps; codec: LegacyCodec },
): (bytes: Uint8Array) => string {
  const fallbacks = typeof fallback === 'string' ? [fallback] : (fallback ?? []);
  return (bytes) =>
    tools.byteOps.isUtf8(bytes)
      ? UTF8.decode(bytes)
      : decodeRejectedBytes(bytes, { ...tools, fallbacks }).text;
}
