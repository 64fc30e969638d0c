import { isControlByte } from '@pipeguard/shared/core';

/** The UTF-16 byte orders a byte-order mark can announce. */
export type Utf16Encoding = 'utf-16le' | 'utf-16be';

/** The UTF-16 encoding that the byte-order mark at the start of `bytes` announces, if any. */
export function detectUtf16Bom(bytes: Uint8Array): Utf16Encoding | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

function readUnit(bytes: Uint8Array, at: number, bigEndian: boolean): number {
  const first = bytes[at] as number;
  const second = bytes[at + 1] as number;
  return bigEndian ? (first << 8) | second : first | (second << 8);
}

/** The largest even cut at or before `end` that does not split a surrogate pair. */
export function findUtf16BoundaryBefore(bytes: Uint8Array, end: number, encoding: Utf16Encoding): number {
  const even = end & ~1;
  if (even < 2) return even;
  const last = readUnit(bytes, even - 2, encoding === 'utf-16be');
  return last >= 0xd800 && last <= 0xdbff ? even - 2 : even;
}

/**
 * Share of control code units (the byte rule's controls, widened to 16 bits) in `bytes` read as
 * UTF-16, or `null` when they are not well-formed (an unpaired surrogate). At the end of a stream an
 * odd last byte and a last high surrogate are truncation, not evidence of binary.
 */
export function measureUtf16ControlShare(
  bytes: Uint8Array,
  encoding: Utf16Encoding,
  final: boolean,
): number | null {
  const bigEndian = encoding === 'utf-16be';
  const end = bytes.length & ~1;
  let controls = 0;
  for (let at = 0; at < end; at += 2) {
    const unit = readUnit(bytes, at, bigEndian);
    if (unit >= 0xdc00 && unit <= 0xdfff) return null;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = at + 2 < end ? readUnit(bytes, at + 2, bigEndian) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) at += 2;
      else if (!(final && next === -1)) return null;
    } else if (unit < 0x80 && isControlByte(unit)) {
      controls++;
    }
  }
  return end === 0 ? 0 : controls / (end / 2);
}
