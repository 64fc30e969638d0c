import fc from 'fast-check';

/** Decodes as the WHATWG decoder does, keeping a leading BOM (raw offsets count it). */
export function decodeKeepingBom(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
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
