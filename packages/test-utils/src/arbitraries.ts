import fc from 'fast-check';
import { cutAt } from './streams';

/**
 * An array arbitrary from `make` over its whole length range: fast-check's default size alone keeps
 * arrays to about ten elements, so half the runs take the largest size `constraints` allow.
 */
function anyLength<Constraints extends { maxLength?: number }, Value>(
  make: (constraints: NoInfer<Constraints> & { size?: fc.SizeForArbitrary }) => fc.Arbitrary<Value>,
  constraints: Constraints,
): fc.Arbitrary<Value> {
  return fc.oneof(make(constraints), make({ ...constraints, size: 'max' }));
}

/** Arbitrary cut positions for a byte sequence of the given length (empty chunks included). */
export function cutsFor(length: number, maxCuts = 12): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: length }), { maxLength: maxCuts });
}

/** Bytes from `bytes` with arbitrary cuts of them into `parts` (at most `maxCuts` cuts; empty parts included). */
export function cutBytes(
  bytes: fc.Arbitrary<Buffer>,
  maxCuts = 6,
): fc.Arbitrary<{ bytes: Buffer; parts: Buffer[] }> {
  return bytes.chain((whole) =>
    cutsFor(whole.length, maxCuts).map((cuts) => ({ bytes: whole, parts: cutAt(whole, cuts) })),
  );
}

/** Arbitrary bytes together with an arbitrary chunking of them. */
export function chunkedBytes(constraints: { maxLength?: number; minLength?: number } = {}): fc.Arbitrary<{
  bytes: Buffer;
  chunks: Buffer[];
}> {
  const lengths = { maxLength: constraints.maxLength ?? 512, minLength: constraints.minLength ?? 0 };
  return anyLength(fc.uint8Array, lengths).chain((array) =>
    cutsFor(array.length).map((cuts) => {
      const bytes = Buffer.from(array);
      return { bytes, chunks: cutAt(bytes, cuts) };
    }),
  );
}

/** Arbitrary text over the whole Unicode range (no lone surrogates), with lines and bare CRs. */
export function unicodeText(maxLength = 200): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
    { weight: 2, arbitrary: fc.constantFrom('\n', '\r\n', '\r', '\t', '\0') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  );
  const maxPieces = Math.ceil(maxLength / 4);
  return anyLength((lengths) => fc.array(piece, lengths), { maxLength: maxPieces }).map((pieces) =>
    pieces.join(''),
  );
}

/** Arbitrary valid UTF-8 bytes (from {@link unicodeText}) with an arbitrary chunking. */
export function chunkedUtf8(
  maxLength = 200,
): fc.Arbitrary<{ text: string; bytes: Buffer; chunks: Buffer[] }> {
  return unicodeText(maxLength).chain((text) => {
    const bytes = Buffer.from(text, 'utf8');
    // Round-trip so a lone surrogate (encoded as U+FFFD) cannot make `text` disagree with `bytes`.
    const roundTripped = bytes.toString('utf8');
    return cutsFor(bytes.length).map((cuts) => ({ text: roundTripped, bytes, chunks: cutAt(bytes, cuts) }));
  });
}
