import { once } from 'node:events';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { type LineBatch, LineSplitter } from '@pipeguard/line-splitter';
import iconv from 'iconv-lite';
import split2 from 'split2';
import { chunksOf, linesUpTo, logLine, MiB, streamOf } from './lib/inputs';
import { type Contender, defineGroup, defineQuestion } from './lib/question';

interface Input {
  chunks: Buffer[];
  bytes: number;
  /** The text the input encodes, line terminators included. */
  expected: string;
  lines: number;
  /** The units of `chunks` as LineSplitter emits them in batched mode (decoder-only groups). */
  batches: LineBatch[];
}

/** Lines made by `line(index)` up to `bytes`, each encoded by `encode`, cut into 64 KiB chunks. */
async function buildInput(
  bytes: number,
  line: (index: number) => { text: string; encoded: Buffer },
  withBatches = false,
): Promise<Input> {
  const lines = linesUpTo(bytes, line, (next) => next.encoded.length);
  const all = Buffer.concat(lines.map((next) => next.encoded));
  const chunks = chunksOf(all);
  const batches: LineBatch[] = [];
  if (withBatches) {
    const splitter = new LineSplitter({ batched: true });
    splitter.on('data', (batch: LineBatch) => batches.push(batch));
    for (const chunk of chunks) splitter.write(chunk);
    splitter.end();
    await once(splitter, 'end');
  }
  const expected = lines.map((next) => next.text).join('');
  return { chunks, bytes: all.length, expected, lines: lines.length, batches };
}

const utf8Line = (text: string) => ({ text, encoded: Buffer.from(text, 'utf8') });
const asciiLine = (index: number) => utf8Line(logLine(index));
// One line in ten has non-ASCII text, as in logs that quote user input or file names.
const mixedUtf8Line = (index: number) =>
  index % 10 === 0 ? utf8Line(`${`${index} café ✓ 文件 😀 `.padEnd(60, 'é')}\n`) : asciiLine(index);
// One line in ten is a Windows tool's error in the host codepage (GBK), the rest UTF-8.
const gbkErrorLine = (index: number) => {
  if (index % 10 !== 0) return mixedUtf8Line(index + 1);
  const text = `${index} 系统找不到指定的文件。编译错误：找不到文件\r\n`;
  return { text, encoded: iconv.encode(text, 'gbk') };
};

const source = (input: Input) => streamOf(input.chunks);

/**
 * What a contender emitted. `check` compares eight evenly spaced characters of each string with
 * the expected text as it arrives (O(1) a string, so it costs no contender its speed; the tests
 * prove exactness); `keep` keeps every string, to count the lines that differ.
 */
interface Emitted {
  pieces: number;
  chars: number;
  mode: 'count' | 'check' | 'keep';
  expected: string;
  firstMismatch: number;
  texts: string[];
}

const emitted = (mode: Emitted['mode'], input: Input): Emitted => ({
  pieces: 0,
  chars: 0,
  mode,
  expected: input.expected,
  firstMismatch: -1,
  texts: [],
});

function record(into: Emitted, text: string): void {
  if (into.mode === 'keep') into.texts.push(text);
  else if (
    into.mode === 'check' &&
    into.firstMismatch === -1 &&
    !sampleMatches(into.expected, text, into.chars)
  ) {
    into.firstMismatch = into.chars;
  }
  into.pieces++;
  into.chars += text.length;
}

function sampleMatches(expected: string, text: string, at: number): boolean {
  for (let sample = 0; sample < 8 && text.length > 0; sample++) {
    const index = Math.floor(((text.length - 1) * sample) / 7);
    if (text.charCodeAt(index) !== expected.charCodeAt(at + index)) return false;
  }
  return true;
}

function sink(into: Emitted): Writable {
  return new Writable({
    objectMode: true,
    write(text: string, _encoding, callback) {
      record(into, text);
      callback();
    },
  });
}

function verifyText(output: unknown, input: Input): string {
  const { mode, chars, firstMismatch, texts } = output as Emitted;
  if (mode === 'keep') {
    const got = texts.join('').split('\n');
    const want = input.expected.split('\n');
    const wrong = want.filter((line, index) => got[index] !== line).length;
    return wrong === 0 && got.length === want.length ? 'ok' : `${wrong} of ${want.length} lines differ`;
  }
  if (firstMismatch !== -1) return `differs near char ${firstMismatch}`;
  return chars === input.expected.length ? 'ok' : `${chars} chars, expected ${input.expected.length}`;
}

/** Splitter + decoder as a consumer would wire them. */
function splitAndDecode(name: string, fallback: string | null, mode: Emitted['mode']): Contender<Input> {
  return {
    name,
    run: async (input) => {
      const into = emitted(mode, input);
      const decoder = new FallbackDecoder({ fallback });
      await pipeline(source(input), new LineSplitter({ batched: true }), decoder, sink(into));
      return into;
    },
    verify: verifyText,
  };
}

const split2Contender: Contender<Input> = {
  name: 'split2',
  run: async (input) => {
    const into = emitted('count', input);
    await pipeline(source(input), split2(), sink(into));
    return into;
  },
  // split2 drops each LF, so its lines plus one char per line make the text.
  verify: (output, input) => {
    const { pieces, chars } = output as Emitted;
    return pieces === input.lines && chars + pieces === input.expected.length
      ? 'ok'
      : `${pieces} lines, ${chars} chars`;
  },
};

/** A decoder with a `write(chunk)` per 64 KiB chunk and a final `end()`, in a plain loop. */
function chunkDecoder(
  name: string,
  mode: Emitted['mode'],
  create: () => { write: (chunk: Buffer) => string; end: () => string },
): Contender<Input> {
  return {
    name,
    run: (input) => {
      const decoder = create();
      const into = emitted(mode, input);
      for (const chunk of input.chunks) record(into, decoder.write(chunk));
      record(into, decoder.end());
      return into;
    },
    verify: verifyText,
  };
}

const textDecoderStream = (mode: Emitted['mode']) =>
  chunkDecoder('TextDecoder (stream mode)', mode, () => {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    return { write: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
  });
const stringDecoder = chunkDecoder('string_decoder', 'check', () => {
  const decoder = new StringDecoder('utf8');
  return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() };
});

const decoderOnBatches: Contender<Input> = {
  name: 'FallbackDecoder on batches',
  run: async (input) => {
    const into = emitted('check', input);
    const decoder = new FallbackDecoder();
    decoder.on('data', (text: string) => record(into, text));
    for (const batch of input.batches) decoder.write(batch);
    decoder.end();
    await once(decoder, 'end');
    return into;
  },
  verify: verifyText,
};

const size = (quick: boolean) => (quick ? MiB : 64 * MiB);
const OURS = 'LineSplitter batched + FallbackDecoder';

/** Splitter + decoder against split2, which splits and decodes too (but validates nothing). */
const splitAndDecodeGroup = (name: string, line: (index: number) => { text: string; encoded: Buffer }) =>
  defineGroup<Input>({
    name: `split + decode, ${name}`,
    setup: ({ quick }) => buildInput(size(quick), line),
    bytes: (input) => input.bytes,
    baseline: 'split2',
    contenders: [split2Contender, splitAndDecode(OURS, null, 'check')],
    targets: [{ contender: OURS, minRatio: 1.3 }],
  });

/** The decoder alone on the batches of the same 64 KiB chunks the other decoders get. */
const decodeOnlyGroup = (name: string, line: (index: number) => { text: string; encoded: Buffer }) =>
  defineGroup<Input>({
    name: `decode only, ${name}`,
    setup: ({ quick }) => buildInput(size(quick), line, true),
    bytes: (input) => input.bytes,
    baseline: 'TextDecoder (stream mode)',
    contenders: [textDecoderStream('check'), stringDecoder, decoderOnBatches],
    targets: [{ contender: 'FallbackDecoder on batches', minRatio: 0.9 }],
  });

export default defineQuestion({
  id: 'decoding',
  title: 'Decoding: LineSplitter + FallbackDecoder vs split2, TextDecoder, string_decoder and iconv-lite',
  groups: [
    splitAndDecodeGroup('80-byte ASCII lines', asciiLine),
    splitAndDecodeGroup('80-byte UTF-8 lines, 1 in 10 non-ASCII', mixedUtf8Line),
    decodeOnlyGroup('batches of 80-byte ASCII lines', asciiLine),
    decodeOnlyGroup('batches of 80-byte UTF-8 lines, 1 in 10 non-ASCII', mixedUtf8Line),
    defineGroup<Input>({
      name: 'UTF-8 lines with 1 in 10 GBK lines (a Windows tool in a UTF-8 stream)',
      setup: ({ quick }) => buildInput(size(quick), gbkErrorLine),
      bytes: (input) => input.bytes,
      baseline: 'iconv-lite decodeStream(gbk)',
      contenders: [
        {
          name: 'iconv-lite decodeStream(gbk)',
          run: async (input) => {
            const into = emitted('keep', input);
            await pipeline(source(input), iconv.decodeStream('gbk'), sink(into));
            return into;
          },
          verify: verifyText,
        },
        textDecoderStream('keep'),
        splitAndDecode('LineSplitter batched + FallbackDecoder gbk', 'gbk', 'keep'),
      ],
    }),
  ],
});
