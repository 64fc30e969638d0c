import fc from 'fast-check';

const ESC = '\x1b';
const encoder = new TextEncoder();

/** Names every runtime's `webLegacyCodec` and Node's iconv-lite both take, in several spellings. */
export const SINGLE_BYTE_NAMES = [
  'cp1252',
  'windows-1251',
  'CP866',
  'koi8-r',
  'iso-8859-2',
  'latin1',
  'cp437',
  'macintosh',
] as const;

const piece: fc.Arbitrary<Uint8Array> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => encoder.encode(text)),
  },
  { weight: 4, arbitrary: fc.constantFrom('\n', '\r\n', '\r', '\t', '\b').map((end) => encoder.encode(end)) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        `${ESC}[31m`,
        `${ESC}[0m`,
        `${ESC}[K`,
        `${ESC}[2A`,
        `${ESC}[3;5H`,
        `${ESC}]0;t\x07`,
        `${ESC}[?25l`,
      )
      .map((sequence) => encoder.encode(sequence)),
  },
  // The same line a few times: what a repeat folder folds.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z ]{0,6}$/), fc.integer({ min: 2, max: 6 }))
      .map(([line, times]) => encoder.encode(`${line}\n`.repeat(times))),
  },
  // Legacy codepage text: bytes strict UTF-8 rejects.
  {
    weight: 2,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => bytes.map((b) => b | 0x80)),
  },
  // A binary run, half NULs: what trips a guard's window.
  {
    weight: 2,
    arbitrary: fc
      .uint8Array({ minLength: 300, maxLength: 4000 })
      .map((bytes) => bytes.map((byte, index) => (index % 2 === 0 ? 0 : byte))),
  },
  // A long line: cut at a splitter's `maxUnitBytes`, past a renderer's `maxRowBytes`.
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 600 }).map((length) => new Uint8Array(length).fill(0x78)),
  },
);

/** Bytes of every kind a stage meets: text of every width, line ends, escapes, repeats, legacy and binary runs. */
export const stageBytes: fc.Arbitrary<Uint8Array> = fc.array(piece, { maxLength: 30 }).map((pieces) => {
  const joined = new Uint8Array(pieces.reduce((sum, bytes) => sum + bytes.length, 0));
  let at = 0;
  for (const bytes of pieces) {
    joined.set(bytes, at);
    at += bytes.length;
  }
  return joined;
});

/** Cut positions for any input up to 20 000 bytes (clamped to its length; repeats give empty chunks). */
export const stageCuts = fc.array(fc.oneof(fc.nat(200), fc.nat(20_000)), { maxLength: 12 });

/** Options drawn at random, per stage, as the Node stage and the stream both take them. */
export const stageOptions = {
  byteCounter: fc.record(
    { progressIntervalBytes: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 4000 })) },
    { requiredKeys: [] },
  ),
  lineSplitter: fc.record(
    {
      maxUnitBytes: fc.oneof(fc.integer({ min: 4, max: 64 }), fc.integer({ min: 4, max: 40_000 })),
      batched: fc.boolean(),
      startOffset: fc.nat(),
    },
    { requiredKeys: [] },
  ),
  fallbackDecoder: fc.record(
    {
      fallback: fc.oneof(
        fc.constant(null),
        fc.constantFrom(...SINGLE_BYTE_NAMES),
        fc.array(fc.constantFrom(...SINGLE_BYTE_NAMES), { minLength: 1, maxLength: 3 }),
      ),
    },
    { requiredKeys: [] },
  ),
  binaryGuard: fc.record(
    {
      label: fc.string({ minLength: 1, maxLength: 30 }),
      guardWindowBytes: fc.constantFrom(1024, 1500, 4096, 65_536),
      command: fc.string({ maxLength: 40 }),
      emitPlaceholder: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  terminalRenderer: fc.record(
    {
      cols: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 100 })),
      maxLiveLines: fc.integer({ min: 1, max: 70 }),
      maxRowBytes: fc.integer({ min: 4, max: 400 }),
    },
    { requiredKeys: [] },
  ),
  repeatFolder: fc.record({ maxFoldLineBytes: fc.integer({ min: 1, max: 200 }) }, { requiredKeys: [] }),
  secretRedactor: fc.record(
    {
      maxHoldBytes: fc.integer({ min: 256, max: 5000 }),
      env: fc.constant({ DEPLOY_TOKEN: 'Xy7-deploy-Qw9-value-Kp3' }),
    },
    { requiredKeys: [] },
  ),
};
