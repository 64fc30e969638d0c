/**
 * The text decoding a core's hot paths use, injected like `ByteOps`: Node's shell hands over
 * `Buffer#toString` (a latin1 decode is a copy; a UTF-8 one V8's own decoder), other runtimes `TextDecoder`.
 */
export interface TextOps {
  /** Bytes that are all below 0x80, as text. */
  ascii(bytes: Uint8Array): string;
  /**
   * Bytes as UTF-8, each maximal invalid subpart a U+FFFD, a leading BOM kept: what
   * `new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)` gives.
   */
  utf8(bytes: Uint8Array): string;
}

// Decoding holds no state between calls (not in stream mode), so one decoder serves every core.
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** {@link TextOps} on `TextDecoder`, for any runtime. */
export const portableTextOps: TextOps = Object.freeze({
  ascii: (bytes: Uint8Array) => UTF8.decode(bytes),
  utf8: (bytes: Uint8Array) => UTF8.decode(bytes),
});
