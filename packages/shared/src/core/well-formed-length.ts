import { isUtf8Continuation, utf8SequenceLength } from './utf8-boundary';

/**
 * Length of the well-formed UTF-8 sequence starting at `bytes[index]` (Unicode Table 3-7), or 0 when
 * none starts there before `end`. Only the second byte's range depends on the lead: it excludes the
 * overlong forms (E0, F0), the surrogates (ED) and code points above U+10FFFF (F4); later bytes are
 * any continuation.
 */
export function wellFormedLength(bytes: Uint8Array, index: number, end = bytes.length): number {
  const lead = bytes[index] as number;
  if (lead < 0x80) return 1;
  // 1 here means 80–C1 or F5–FF: a byte that starts no sequence.
  const length = utf8SequenceLength(lead);
  if (length === 1 || index + length > end) return 0;
  const second = bytes[index + 1] as number;
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  if (second < low || second > high) return 0;
  for (let next = index + 2; next < index + length; next++) {
    if (!isUtf8Continuation(bytes[next] as number)) return 0;
  }
  return length;
}

/**
 * End of the longest strict-UTF-8 prefix of `bytes[start, end)`, walked one character at a time:
 * strict UTF-8 decodes greedily, so the prefix ends where no well-formed character starts. For a
 * few bytes (a seam, the last step of a search); `isUtf8` is the tool for more.
 */
export function wellFormedPrefixEnd(bytes: Uint8Array, start: number, end: number): number {
  let at = start;
  while (at < end) {
    const length = wellFormedLength(bytes, at, end);
    if (length === 0) break;
    at += length;
  }
  return at;
}
