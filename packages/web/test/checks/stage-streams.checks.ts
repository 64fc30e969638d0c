import { BinaryGuardCore } from '@pipeguard/binary-guard/core';
import { ByteCounterCore } from '@pipeguard/byte-counter/core';
import { FallbackDecoderCore, type FallbackDecoderStats } from '@pipeguard/fallback-decoder/core';
import { type LineBatch, LineSplitterCore, type LineUnit } from '@pipeguard/line-splitter/core';
import { RepeatFolderCore } from '@pipeguard/repeat-folder/core';
import { portableLatin1, SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { portableByteOps, portableTextOps, SourceOffsetMap } from '@pipeguard/shared/core';
import { TerminalRendererCore } from '@pipeguard/terminal-renderer/core';
import fc from 'fast-check';
import {
  BinaryGuardStream,
  ByteCounterStream,
  type ChunkCore,
  FallbackDecoderError,
  FallbackDecoderStream,
  LineSplitterStream,
  RepeatFolderStream,
  SecretRedactorStream,
  TerminalRendererStream,
  webLegacyCodec,
} from '../../src/index';
import { assert, assertEqual, assertRejects, assertThrows, type CheckContext, suite } from './check';
import { stageBytes, stageCuts, stageOptions } from './stage-inputs';
import { driveCore, plainChunks, plainItem } from './stage-outputs';
import { concatBytes, cutBytes, readAll, sourceOf, transformAll } from './web-streams';

// Each stream against its core driven by hand with `portableByteOps` (what Node's byte ops equal, by
// shared's property): the same chunks in, the same chunks out, the same stats. In vitest the streams are
// also compared with the Node stages themselves (stage-streams.prop.test.ts).

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytesOf = (text: string) => encoder.encode(text);
const textOf = (chunks: readonly Uint8Array[]) => decoder.decode(concatBytes(chunks));
const codec = { name: 'webLegacyCodec', ...webLegacyCodec };
const portableLatin1Of = (bytes: Uint8Array) => portableLatin1(bytes, portableByteOps.isAscii);

type AnyStream = TransformStream<never, unknown> & { readonly stats: unknown };

/** A stream and its core, built from the same options, with what turns the stream's output into plain data. */
interface Pair<Options> {
  options: fc.Arbitrary<Options>;
  stream: (options: Options) => AnyStream;
  core: (options: Options) => ChunkCore<never, unknown, unknown>;
  /** The core's or stream's input for these bytes (the decoder's: the units of a splitter). */
  inputs?: (chunks: Uint8Array[]) => unknown[];
  plain: (output: unknown[]) => unknown;
}

const byteStage = (output: unknown[]) => plainChunks(output as Uint8Array[]);

/** The batched splitter's core, then the decoder's, driven as one: what `splitLines` makes one stream of. */
function decoderAfterSplitter(
  decoder: FallbackDecoderCore,
): ChunkCore<Uint8Array, string, FallbackDecoderStats> {
  const splitter = new LineSplitterCore({ byteOps: portableByteOps, batched: true });
  return {
    write: (chunk, emit) => splitter.write(chunk, (batch) => decoder.write(batch as LineBatch, emit)),
    end: (emit) => {
      splitter.end((batch) => decoder.write(batch as LineBatch, emit));
      decoder.end(emit);
    },
    get stats() {
      return decoder.stats;
    },
  };
}

/** A pair whose options type is forgotten: `sameAsCore` gives each side only what the pair's arbitrary made. */
const pair = <Options>(spec: Pair<Options>) => spec as unknown as Pair<never>;

const PAIRS: Record<string, Pair<never>> = {
  ByteCounterStream: pair({
    options: stageOptions.byteCounter,
    stream: (options) => new ByteCounterStream(options),
    core: (options) => new ByteCounterCore(options),
    plain: byteStage,
  }),
  LineSplitterStream: pair({
    options: stageOptions.lineSplitter,
    stream: (options) => new LineSplitterStream(options),
    core: (options) => new LineSplitterCore({ ...options, byteOps: portableByteOps }),
    plain: (output) => (output as (LineUnit | LineBatch)[]).map(plainItem),
  }),
  FallbackDecoderStream: pair({
    options: stageOptions.fallbackDecoder,
    stream: (options) => new FallbackDecoderStream(options),
    core: (options: { fallback?: string | string[] | null }) =>
      new FallbackDecoderCore({ ...options, codec, byteOps: portableByteOps, textOps: portableTextOps }),
    inputs: (chunks) => driveCore(new LineSplitterCore({ byteOps: portableByteOps, batched: true }), chunks),
    plain: (output) => output,
  }),
  'FallbackDecoderStream with splitLines': pair({
    options: stageOptions.fallbackDecoder,
    stream: (options) => new FallbackDecoderStream({ ...options, splitLines: true }),
    core: (options: { fallback?: string | string[] | null }) =>
      decoderAfterSplitter(
        new FallbackDecoderCore({ ...options, codec, byteOps: portableByteOps, textOps: portableTextOps }),
      ),
    plain: (output) => output,
  }),
  BinaryGuardStream: pair({
    options: stageOptions.binaryGuard,
    stream: (options) => new BinaryGuardStream(options),
    core: (options) => new BinaryGuardCore({ ...options, byteOps: portableByteOps }),
    plain: byteStage,
  }),
  TerminalRendererStream: pair({
    options: stageOptions.terminalRenderer,
    stream: (options) => new TerminalRendererStream(options),
    core: (options) => new TerminalRendererCore(options, portableByteOps, new SourceOffsetMap()),
    plain: byteStage,
  }),
  RepeatFolderStream: pair({
    options: stageOptions.repeatFolder,
    stream: (options) => new RepeatFolderStream(options),
    core: (options) => new RepeatFolderCore({ ...options, byteOps: portableByteOps }),
    plain: byteStage,
  }),
  SecretRedactorStream: pair({
    options: stageOptions.secretRedactor,
    stream: (options) => new SecretRedactorStream(options),
    core: (options) =>
      new SecretRedactorCore({ ...options, byteOps: portableByteOps, latin1: portableLatin1Of }),
    plain: byteStage,
  }),
};

/** The property of one pair: any bytes, any chunking, any options → the stream gives what its core gives. */
function sameAsCore(name: string, pair: Pair<never>) {
  return async (context: CheckContext) => {
    await fc.assert(
      fc.asyncProperty(stageBytes, stageCuts, pair.options, async (bytes, cuts, options) => {
        const chunks = cutBytes(bytes, cuts);
        const inputs = (pair.inputs?.(chunks) ?? chunks) as never[];
        const stream = pair.stream(options);
        const core = pair.core(options);
        const expected = pair.plain(driveCore(core, inputs));
        const output = pair.plain(await readAll(sourceOf(inputs).readable.pipeThrough(stream as never)));
        assertEqual(output, expected, `${name} output`);
        assertEqual(stream.stats, core.stats, `${name} stats`);
      }),
      { numRuns: context.runs(60) },
    );
  };
}

const properties = Object.fromEntries(
  Object.entries(PAIRS).map(([name, pair]) => [
    `should give what its core gives for any bytes, chunking and options: ${name}`,
    sameAsCore(name, pair),
  ]),
);

export const stageStreamsChecks = suite('the stage streams', {
  ...properties,

  'should pass the very chunks on and count them in ByteCounterStream': async () => {
    const reports: number[] = [];
    const counter = new ByteCounterStream({
      progressIntervalBytes: 4,
      onProgress: ({ bytes }) => reports.push(bytes),
    });
    const chunks = [bytesOf('abc'), bytesOf(''), bytesOf('defgh')];
    const output = await readAll(sourceOf(chunks).readable.pipeThrough(counter));
    assertEqual(textOf(output), 'abcdefgh', 'output');
    assertEqual(counter.stats, { bytes: 8, chunks: 2 }, 'stats');
    assertEqual([counter.bytes, counter.chunks], [8, 2], 'getters');
    assertEqual(reports, [8, 8], 'progress at 8 bytes and at the end');
  },

  'should split LF, CRLF and bare CR lines, one batch per chunk when batched': async () => {
    const units = await transformAll(new LineSplitterStream(), [bytesOf('a\r\nb\rc'), bytesOf('\nd')]);
    assertEqual(
      units.map((unit) => [decoder.decode((unit as LineUnit).bytes), (unit as LineUnit).terminator]),
      [
        ['a', '\r\n'],
        ['b', '\r'],
        ['c', '\n'],
        ['d', ''],
      ],
      'units',
    );
    const splitter = new LineSplitterStream({ batched: true });
    const chunks = [bytesOf('one\ntwo\nthr'), bytesOf('ee\nfour\nfive\n')];
    const batches = (await transformAll(splitter, chunks)) as LineBatch[];
    assertEqual(
      batches.map((batch) => [decoder.decode(batch.bytes), batch.offset, batch.unitCount]),
      [
        ['one\ntwo\n', 0, 2],
        ['three\n', 8, 1],
        ['four\nfive\n', 14, 2],
      ],
      'batches',
    );
    assertEqual(splitter.stats.builtUnits, 0, 'no unit objects built when only bytes are read');
  },

  'should decode UTF-8 as TextDecoder does and cp1252 where UTF-8 fails, one string per unit': async () => {
    const decoderStream = new FallbackDecoderStream({ fallback: 'cp1252' });
    const bytes = Uint8Array.of(...bytesOf('naïve ✓\n'), 0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a, 0x80);
    const readable = sourceOf([bytes]).readable.pipeThrough(new LineSplitterStream());
    const text = await readAll(readable.pipeThrough(decoderStream));
    assertEqual(text, ['naïve ✓\n', 'café\r\n', '€'], 'strings');
    assertEqual(decoderStream.fallback, ['cp1252'], 'fallback');
    assertEqual(
      decoderStream.stats,
      { units: 3, utf8Units: 1, fallbackUnits: 2, replacedUnits: 0, rejectedUnitBytes: 5 },
      'stats',
    );
  },

  'should withhold a binary run behind a placeholder and pass the text around it': async () => {
    const guard = new BinaryGuardStream({ label: 'stdout', guardWindowBytes: 1024 });
    const binary = new Uint8Array(4096).map((_, index) => (index % 3 === 0 ? 0 : index & 0xff));
    const chunks = [bytesOf('before\n'), binary, bytesOf('\nafter\n')];
    const text = textOf(await readAll(sourceOf(chunks).readable.pipeThrough(guard)));
    assert(text.startsWith('before\n') && text.endsWith('after\n'), `the text passes: ${text}`);
    assert(guard.stats.withheld && guard.stats.withheldBytes > 0, 'the run is withheld');
    assert(
      guard.stats.placeholder !== null && text.includes(guard.stats.placeholder),
      `the placeholder is in: ${text}`,
    );
    assertEqual(guard.sourceOffsetOf(0), 0, 'the first output byte comes from the first input byte');
  },

  'should pass UTF-8 through BinaryGuardStream and TerminalRendererStream one chunk per write': async () => {
    const chunks = Array.from({ length: 5 }, (_, index) =>
      bytesOf(`line ${index} ✓ plain text\n`.repeat(50)),
    );
    for (const stream of [new BinaryGuardStream(), new TerminalRendererStream()]) {
      const output = await transformAll(stream as TransformStream<Uint8Array, Uint8Array>, chunks);
      assertEqual(output.length, chunks.length, 'chunks out');
      assertEqual(textOf(output), textOf(chunks), 'text');
    }
  },

  'should render redraws and drop colours in TerminalRendererStream': async () => {
    const renderer = new TerminalRendererStream();
    const chunks = [bytesOf('loading 10%\rloading 1'), bytesOf('00%\n\x1b[32mok\x1b[0m\n')];
    assertEqual(textOf(await transformAll(renderer, chunks)), 'loading 100%\nok\n', 'text');
    const { bytesIn, bytesOut, sequencesRemoved, framesOverwritten } = renderer.stats;
    assertEqual([bytesIn, bytesOut, sequencesRemoved, framesOverwritten], [37, 16, 2, 1], 'stats');
  },

  'should fold repeated lines in RepeatFolderStream': async () => {
    const folder = new RepeatFolderStream();
    const output = await transformAll(folder, [bytesOf('a\na\na'), bytesOf('\nb\n')]);
    assertEqual(textOf(output), 'a\n[previous line repeated 2 more times]\nb\n', 'text');
    assertEqual(folder.stats.foldedLines, 2, 'folded lines');
    assertEqual(folder.sourceOffsetOf(2), 2, 'the notice maps to the first folded line');
  },

  'should redact a token, a key block and an environment secret cut anywhere in SecretRedactorStream':
    async () => {
      const secret = 'Xy7-deploy-Qw9-value-Kp3';
      const text =
        'token ghp_Zq3vW8xKp2LmN7rTy5Bc9Hd4Fg6Jk1Qs0Ae2\n-----BEGIN OPENSSH PRIVATE KEY-----\n' +
        `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAA\n-----END OPENSSH PRIVATE KEY-----\nvalue ${secret}\n`;
      const expected =
        'token [REDACTED:github-token]\n[REDACTED:openssh-private-key]\nvalue [REDACTED:env:DEPLOY_TOKEN]\n';
      const bytes = bytesOf(text);
      for (let cut = 0; cut <= bytes.length; cut++) {
        const redactor = new SecretRedactorStream({ env: { DEPLOY_TOKEN: secret } });
        const output = await transformAll(redactor, [bytes.subarray(0, cut), bytes.subarray(cut)]);
        assertEqual(textOf(output), expected, `output, cut at ${cut}`);
        assertEqual(redactor.stats.redactions, 3, `redactions, cut at ${cut}`);
      }
    },

  "should throw the Node stages' errors for invalid options": () => {
    const cases: [() => unknown, ErrorConstructor, string][] = [
      [
        () => new ByteCounterStream({ progressIntervalBytes: -1 }),
        RangeError,
        'The "progressIntervalBytes" option must be a non-negative safe integer or null. Received -1',
      ],
      [
        () => new LineSplitterStream({ maxUnitBytes: 3 }),
        RangeError,
        'The "maxUnitBytes" option must be a safe integer greater than or equal to 4. Received 3',
      ],
      [
        () => new FallbackDecoderStream({ fallback: [] }),
        RangeError,
        'The "fallback" option must be a non-empty array of encodings. Received []',
      ],
      [
        () => new FallbackDecoderStream({ fallback: 'utf-7' }),
        TypeError,
        `The "fallback" option must be an encoding webLegacyCodec supports. Received type string ('utf-7')`,
      ],
      [
        () => new FallbackDecoderStream({ splitLines: 'yes' } as never),
        TypeError,
        `The "splitLines" option must be of type boolean. Received type string ('yes')`,
      ],
      [
        () => new BinaryGuardStream({ guardWindowBytes: 1000 }),
        RangeError,
        'The "guardWindowBytes" option must be a safe integer greater than or equal to 1024. Received 1000',
      ],
      [
        () => new BinaryGuardStream({ byteOps: portableByteOps } as never),
        TypeError,
        'The "options" argument has an unknown option "byteOps"',
      ],
      [
        () => new TerminalRendererStream({ cols: 0 }),
        RangeError,
        'The "cols" option must be a safe integer greater than or equal to 1 or null. Received 0',
      ],
      [
        () => new SecretRedactorStream({ maxHoldBytes: 100 }),
        RangeError,
        'The "maxHoldBytes" option must be a safe integer greater than or equal to 256. Received 100',
      ],
      [
        () => new RepeatFolderStream({ maxFoldLineBytes: null } as never),
        TypeError,
        'The "maxFoldLineBytes" option must be of type number. Received null',
      ],
    ];
    for (const [make, errorClass, message] of cases) {
      assertThrows(make, { errorClass, fields: { message } }, message);
    }
  },

  "should error the stream with the stage's error and code, through pipeThrough": async () => {
    const notAUnit = sourceOf<unknown>([bytesOf('fine\n'), 'not a unit']).readable;
    await assertRejects(
      readAll(notAUnit.pipeThrough(new FallbackDecoderStream() as TransformStream<unknown, string>)),
      { errorClass: FallbackDecoderError, fields: { code: 'ERR_FALLBACK_DECODER_INVALID_CHUNK' } },
      'a chunk the decoder cannot take',
    );
    const notBytes = sourceOf<unknown>(['text']).readable;
    await assertRejects(
      readAll(notBytes.pipeThrough(new BinaryGuardStream() as TransformStream<unknown, Uint8Array>)),
      { errorClass: TypeError, fields: { code: 'ERR_INVALID_ARG_TYPE' } },
      'a string written to a byte stage',
    );
    const unitToBytes = sourceOf<unknown>([{ bytes: bytesOf('a'), terminator: '', offset: 0 }]).readable;
    const splitting = new FallbackDecoderStream({ splitLines: true }) as TransformStream<unknown, string>;
    await assertRejects(
      readAll(unitToBytes.pipeThrough(splitting)),
      { errorClass: TypeError, fields: { code: 'ERR_INVALID_ARG_TYPE' } },
      'a unit written to a decoder that splits lines itself',
    );
    const failure = new Error('progress consumer failed');
    const counter = new ByteCounterStream({
      progressIntervalBytes: 1,
      onProgress: () => {
        throw failure;
      },
    });
    await assertRejects(
      readAll(sourceOf([bytesOf('a')]).readable.pipeThrough(counter)),
      failure,
      'onProgress',
    );
  },

  'should not mutate the options object': () => {
    const options = Object.freeze({ label: 'stderr', guardWindowBytes: 2048, emitPlaceholder: false });
    new BinaryGuardStream(options);
    const splitter = Object.freeze({ maxUnitBytes: 8, batched: true, startOffset: 3 });
    new LineSplitterStream(splitter);
    assertEqual(
      options,
      { label: 'stderr', guardWindowBytes: 2048, emitPlaceholder: false },
      'guard options',
    );
    assertEqual(splitter, { maxUnitBytes: 8, batched: true, startOffset: 3 }, 'splitter options');
  },
});
