import { decodeKeepingBom as decode } from '@pipeguard/test-utils';

export { linesFile, messyBytes } from '@pipeguard/test-utils';
// Shared with the line-splitter tests (LineClipper): they live in test-utils.
export { decode };

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
