import fc from 'fast-check';

/** Decodes as the WHATWG decoder does, keeping a leading BOM (raw offsets count it). */
export function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** Invalid bytes counted independently of the package: greedily match one character with a fatal decoder. */
export function illFormedBytesOracle(bytes: Uint8Array): number {
  const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let invalid = 0;
  let index = 0;
  while (index < bytes.length) {
    let matched = 0;
    for (let length = 1; length <= 4 && index + length <= bytes.length && matched === 0; length++) {
      try {
        if ([...fatal.decode(bytes.subarray(index, index + length))].length === 1) matched = length;
      } catch {}
    }
    if (matched === 0) invalid++;
    index += Math.max(1, matched);
  }
  return invalid;
}

const TRICKY_PIECES = [
  [0xf0, 0x9f, 0x98, 0x80],
  [0xf0, 0x9f, 0x98],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0x80],
  [0xff],
  [0x0d, 0x0a],
  [0x0d],
  [0x0a],
].map((bytes) => Buffer.from(bytes));

/** Bytes mixing valid text of every width, random bytes and cut or malformed sequences. */
export function messyBytes(maxPieces = 40): fc.Arbitrary<Buffer> {
  const piece = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 6 }).map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 6 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(...TRICKY_PIECES),
  );
  return fc.array(piece, { maxLength: maxPieces }).map((pieces) => Buffer.concat(pieces));
}

/** Lines ended by LF or CRLF, some long, with messy bytes inside. */
export function linesFile(maxLines = 8): fc.Arbitrary<Buffer> {
  return fc
    .array(fc.tuple(messyBytes(12), fc.constantFrom('\n', '\r\n')), { maxLength: maxLines })
    .map((lines) => Buffer.concat(lines.flatMap(([content, end]) => [content, Buffer.from(end)])));
}

const REPLACEMENT = '\u{fffd}';
const LITERAL_REPLACEMENT = Buffer.from(REPLACEMENT);

/**
 * The invalid bytes a replacing TextDecoder implies: the bytes not decoded into characters other than
 * U+FFFD, less those of U+FFFD written in the input (EF BF BD is well-formed wherever it occurs).
 */
export function replacementOracle(bytes: Buffer): number {
  const text = decode(bytes);
  let literal = 0;
  for (
    let at = bytes.indexOf(LITERAL_REPLACEMENT);
    at !== -1;
    at = bytes.indexOf(LITERAL_REPLACEMENT, at + 3)
  )
    literal++;
  return bytes.length - Buffer.byteLength(text.replaceAll(REPLACEMENT, '')) - 3 * literal;
}
