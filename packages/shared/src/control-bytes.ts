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

/** Counts the control bytes (see {@link isControlByte}) in `bytes[start, end)`. */
export function countControlBytes(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let count = 0;
  for (let index = start; index < end; index++) count += CONTROL_BYTE[bytes[index] as number] as number;
  return count;
}
