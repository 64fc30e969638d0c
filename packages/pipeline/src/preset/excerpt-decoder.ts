import type { ByteOps } from '@pipeguard/shared/core';

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes an excerpt line as the decoder would a unit: UTF-8 when it is, else with the first fallback
 * encoding (through `codec`), else UTF-8 with replacement characters.
 */
export function excerptDecoder<Bytes extends Uint8Array>(
  fallback: string | readonly string[] | null,
  { byteOps, codec }: { byteOps: ByteOps; codec: { decode(bytes: Bytes, encoding: string): string } },
): (bytes: Bytes) => string {
  const encoding = typeof fallback === 'string' ? fallback : (fallback?.[0] ?? null);
  return (bytes) => (encoding && !byteOps.isUtf8(bytes) ? codec.decode(bytes, encoding) : UTF8.decode(bytes));
}
