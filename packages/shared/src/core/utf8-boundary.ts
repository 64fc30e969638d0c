/** Length of the UTF-8 sequence a lead byte announces; 1 for ASCII and for bytes that lead nothing. */
export function utf8SequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

/** Whether a byte is a UTF-8 continuation byte (10xxxxxx). */
export function isUtf8Continuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/**
 * Finds the largest cut at or before `end` that does not split a UTF-8 sequence: when the bytes
 * just before `end` are the start of a sequence that would continue past it, returns that
 * sequence's first index, else `end`. Moves back at most 3 bytes, so binary input is cut where asked.
 */
export function findUtf8BoundaryBefore(bytes: Uint8Array, end: number): number {
  const stop = Math.max(0, end - 3);
  for (let index = end - 1; index >= stop; index--) {
    const byte = bytes[index] as number;
    if (isUtf8Continuation(byte)) continue;
    return index + utf8SequenceLength(byte) > end ? index : end;
  }
  return end;
}

/**
 * Finds the first index at or after `start` that is not a UTF-8 continuation byte, skipping at most
 * 3: a kept region that begins there never opens with the orphaned tail of a cut character.
 */
export function skipUtf8Continuation(bytes: Uint8Array, start: number): number {
  const stop = Math.min(bytes.length, start + 3);
  let index = start;
  while (index < stop && isUtf8Continuation(bytes[index] as number)) index++;
  return index;
}
