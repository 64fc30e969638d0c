/**
 * The legacy-encoding decoder a fallback decoder's core is given: iconv-lite in Node (loaded on first
 * use), `TextDecoder` where it knows the legacy encodings (browsers, Deno, Bun).
 */
export interface LegacyCodec {
  /** Names the codec in error messages: `The "fallback" option must be an encoding <name> supports`. */
  readonly name: string;
  /** Whether `encoding` is a name the codec decodes. */
  encodingExists(encoding: string): boolean;
  /** `bytes` decoded in `encoding`, U+FFFD for what it cannot map, a leading BOM kept as text. */
  decode(bytes: Uint8Array, encoding: string): string;
}
