import fc from 'fast-check';

/**
 * Bytes as double-byte text has them, well-formed or not: ASCII, lead bytes (0x81-0xFE), trail bytes of
 * every codec's ranges, GB18030's four-byte digits, EUC-JP's SS2/SS3, line ends; so that pairs, cut
 * sequences, a lead before ASCII or a line end, and unassigned codes all come up often.
 */
export function doubleByteBytes(maxLength = 64): fc.Arbitrary<Uint8Array> {
  const byte = fc.oneof(
    fc.integer({ min: 0x81, max: 0xfe }),
    fc.integer({ min: 0x40, max: 0xfe }),
    fc.integer({ min: 0x30, max: 0x39 }),
    fc.integer({ min: 0x20, max: 0x7f }),
    fc.constantFrom(0x0a, 0x0d, 0x80, 0x8e, 0x8f, 0xa0, 0xff, 0x00),
  );
  return fc.array(byte, { maxLength }).map((bytes) => Uint8Array.from(bytes));
}
