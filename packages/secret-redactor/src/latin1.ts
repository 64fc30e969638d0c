const ASCII_DECODER = new TextDecoder('utf-8');
const SLICE_CHARS = 8192;

/**
 * The bytes as Latin-1 text (one UTF-16 unit per byte, `U+0000`–`U+00FF`) with the language alone: ASCII
 * through the native decoder, anything else in slices through `String.fromCharCode`. `TextDecoder`'s
 * `latin1` is windows-1252, which maps 0x80–0x9F elsewhere.
 */
export function portableLatin1(bytes: Uint8Array, isAscii: (bytes: Uint8Array) => boolean): string {
  if (isAscii(bytes)) return ASCII_DECODER.decode(bytes);
  let text = '';
  for (let at = 0; at < bytes.length; at += SLICE_CHARS)
    text += String.fromCharCode.apply(null, bytes.subarray(at, at + SLICE_CHARS) as unknown as number[]);
  return text;
}
