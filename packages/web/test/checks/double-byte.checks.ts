import fc from 'fast-check';
import { captureStream, FallbackDecoderStream, LineSplitterStream, webLegacyCodec } from '../../src/index';
import { assert, assertEqual, type DoubleByteCase, suite } from './check';
import { cutBytes, readAll, sourceOf } from './web-streams';

/** The text `LineSplitterStream` → `FallbackDecoderStream` give for `bytes` written in `chunks`. */
async function decodeChunks(
  chunks: readonly Uint8Array[],
  fallback: string,
  batched: boolean,
): Promise<string> {
  const texts = await readAll(
    sourceOf(chunks)
      .readable.pipeThrough(new LineSplitterStream({ batched }))
      .pipeThrough(new FallbackDecoderStream({ fallback })),
  );
  return texts.join('');
}

/** Every case of the oracle, checked by `check` for the cuts a property draws (fixed run count). */
function forEveryChunking(
  cases: readonly DoubleByteCase[],
  runs: number,
  check: (bytes: Uint8Array, chunks: Uint8Array[], expected: DoubleByteCase) => Promise<void>,
): Promise<void> {
  return fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...cases),
      fc.array(fc.nat({ max: 200 }), { maxLength: 12 }),
      async (expected, cuts) => {
        const bytes = Uint8Array.from(expected.bytes);
        await check(bytes, cutBytes(bytes, cuts), expected);
      },
    ),
    { numRuns: runs },
  );
}

export const doubleByteChecks = suite('double-byte codepages', {
  'should have an oracle case for each double-byte spelling, malformed ones included': (context) => {
    const names = new Set(context.doubleByteOracle.map(({ fallback }) => fallback));
    assert(names.size >= 10, `the oracle names ${names.size} codepages`);
    for (const name of names) assert(webLegacyCodec.encodingExists(name), `${name} is supported`);
    const replaced = context.doubleByteOracle.filter(({ text }) => text.includes('\ufffd'));
    assert(replaced.length > 100, `only ${replaced.length} cases have malformed sequences`);
  },

  "should decode as the Node stage's iconv-lite does, whole and one byte per chunk": async (context) => {
    for (const expected of context.doubleByteOracle) {
      const bytes = Uint8Array.from(expected.bytes);
      const what = `${expected.fallback} ${JSON.stringify(expected.bytes)}`;
      assertEqual(await decodeChunks([bytes], expected.fallback, true), expected.text, `${what}, whole`);
      const bytewise = cutBytes(
        bytes,
        Array.from(bytes, (_, index) => index),
      );
      assertEqual(await decodeChunks(bytewise, expected.fallback, false), expected.text, `${what}, bytewise`);
    }
  },

  "should decode as the Node stage's iconv-lite does for any chunking, batched or not": (context) =>
    forEveryChunking(context.doubleByteOracle, context.runs(200), async (_bytes, chunks, expected) => {
      for (const batched of [true, false])
        assertEqual(await decodeChunks(chunks, expected.fallback, batched), expected.text, expected.fallback);
    }),

  'should give captureStream the same text for any chunking': (context) =>
    forEveryChunking(context.doubleByteOracle, context.runs(100), async (_bytes, chunks, expected) => {
      const capture = await captureStream(sourceOf(chunks).readable, {
        fallback: expected.fallback,
        maxBytes: null,
        binaryGuard: false,
        render: 'raw',
      });
      assertEqual(capture.text, expected.text, expected.fallback);
    }),
});
