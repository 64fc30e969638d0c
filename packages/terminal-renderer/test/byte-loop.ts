/** The first index at or after `at` before `end` whose byte fails `keeps`, a byte at a time: the scans' reference. */
export function byteLoop(
  bytes: Uint8Array,
  at: number,
  end: number,
  keeps: (byte: number) => boolean,
): number {
  let index = at;
  while (index < end && keeps(bytes[index] as number)) index++;
  return index;
}

export const isPrintable = (byte: number) => byte >= 0x20 && byte <= 0x7e;
export const isBeyondAscii = (byte: number) => byte >= 0x80;
