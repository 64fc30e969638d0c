// East Asian Wide and Fullwidth ranges as Markus Kuhn's wcwidth has them, which is what xterm's default
// (Unicode 6) width table follows: https://www.cl.cam.ac.uk/~mgk25/ucs/wcwidth.c
const WIDE_RANGES = [
  0x1100, 0x115f, 0x2329, 0x232a, 0x2e80, 0x303e, 0x3040, 0xa4cf, 0xac00, 0xd7a3, 0xf900, 0xfaff, 0xfe10,
  0xfe19, 0xfe30, 0xfe6f, 0xff00, 0xff60, 0xffe0, 0xffe6, 0x20000, 0x2fffd, 0x30000, 0x3fffd,
];
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u;
// Built on first use, one bit per BMP code point: testing the regular expression per character would cost
// more than the rest of a redraw.
let zeroWidthBits: Uint8Array | null = null;

function isZeroWidth(codePoint: number): boolean {
  if (codePoint === 0xad) return false;
  if (codePoint > 0xffff) return codePoint >= 0xe0000 && codePoint <= 0xe0fff;
  if (zeroWidthBits === null) {
    const bits = new Uint8Array(0x10000 >> 3);
    for (let point = 0x300; point < 0x10000; point++) {
      if (point < 0xd800 || point > 0xdfff) {
        if (ZERO_WIDTH.test(String.fromCharCode(point))) bits[point >> 3]! |= 1 << (point & 7);
      }
    }
    zeroWidthBits = bits;
  }
  return ((zeroWidthBits[codePoint >> 3] as number) & (1 << (codePoint & 7))) !== 0;
}

/** The cells a code point takes: 0 for combining marks and format characters, 2 for wide ones, else 1. */
export function cellWidthOf(codePoint: number): number {
  if (codePoint < 0x300) return 1;
  if (isZeroWidth(codePoint)) return 0;
  if (codePoint < 0x1100) return 1;
  for (let index = 0; index < WIDE_RANGES.length; index += 2) {
    if (codePoint < (WIDE_RANGES[index] as number)) return 1;
    if (codePoint <= (WIDE_RANGES[index + 1] as number)) return 2;
  }
  return 1;
}

/**
 * The byte length of the cell at `at` (a whole, well-formed UTF-8 character, else one byte) and its
 * width in cells, packed as `length << 2 | width`. Bytes that are not UTF-8 are one cell each, so legacy
 * text keeps one cell per byte.
 */
export function readCell(bytes: Uint8Array, at: number, end: number): number {
  const lead = bytes[at] as number;
  if (lead < 0x80) return (1 << 2) | 1;
  if (lead === 0xe2 && isBoxCharacter(bytes, at, end)) return (3 << 2) | 1;
  let length: number;
  let point: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    point = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    point = lead & 0x0f;
    if (lead === 0xe0) low = 0xa0;
    else if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    point = lead & 0x07;
    if (lead === 0xf0) low = 0x90;
    else if (lead === 0xf4) high = 0x8f;
  } else {
    return (1 << 2) | 1;
  }
  if (at + length > end) return (1 << 2) | 1;
  for (let index = 1; index < length; index++) {
    const byte = bytes[at + index] as number;
    if (byte < low || byte > high) return (1 << 2) | 1;
    low = 0x80;
    high = 0xbf;
    point = (point << 6) | (byte & 0x3f);
  }
  return (length << 2) | cellWidthOf(point);
}

/**
 * Whether a box-drawing or block character (U+2500–U+259F: E2 94 80 to E2 96 9F), what bars are drawn with,
 * begins at `at` (whose byte is E2): one cell each, known without working out a width.
 */
export function isBoxCharacter(bytes: Uint8Array, at: number, end: number): boolean {
  if (at + 2 >= end) return false;
  const second = bytes[at + 1] as number;
  const third = bytes[at + 2] as number;
  return second >= 0x94 && second <= 0x96 && (third & 0xc0) === 0x80 && (second < 0x96 || third < 0xa0);
}

/** The cells `bytes[start, end)` takes as text (no controls). */
export function textWidth(bytes: Uint8Array, start: number, end: number): number {
  let width = 0;
  for (let at = start; at < end; ) {
    const cell = readCell(bytes, at, end);
    width += cell & 3;
    at += cell >> 2;
  }
  return width;
}

/**
 * The cells `bytes[start, end)` takes when written from `column`: as {@link textWidth}, but a combining mark
 * written at column 0 has no cell to join and takes one of its own (as the row lays it out).
 */
export function widthFrom(bytes: Uint8Array, start: number, end: number, column: number): number {
  const width = textWidth(bytes, start, end);
  if (column !== 0 || start >= end) return width;
  return (readCell(bytes, start, end) & 3) === 0 ? width + 1 : width;
}

/** {@link readCell}'s answer for a three-byte character one cell wide (a bar's `█`, `━`). */
export const THREE_BYTES_ONE_CELL = (3 << 2) | 1;

/**
 * How many copies of the three-byte character that ends at `at` follow it before `end`, at most `most`: a
 * bar's blocks, each a cell, counted by comparing bytes instead of decoding each copy.
 */
export function copiesOfLastCharacter(bytes: Uint8Array, at: number, end: number, most: number): number {
  const first = bytes[at - 3];
  const second = bytes[at - 2];
  const third = bytes[at - 1];
  let copies = 0;
  for (
    let next = at;
    copies < most &&
    next + 3 <= end &&
    bytes[next] === first &&
    bytes[next + 1] === second &&
    bytes[next + 2] === third;
    next += 3
  )
    copies++;
  return copies;
}
