import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineSplitter } from '@pipeguard/line-splitter';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import type { DoubleByteCase } from '../checks/check';
import { doubleByteBytes } from '../checks/double-byte-inputs';

/** One spelling per double-byte codec and its common aliases, as a user names them. */
export const DOUBLE_BYTE_SPELLINGS = [
  'gbk',
  'cp936',
  'gb18030',
  'shift_jis',
  'cp932',
  'euc-jp',
  'euc-kr',
  'cp949',
  'big5',
  'cp950',
];
const CASES_PER_NAME = 24;
const TEXT = '東京の天気は晴れ、気温は21度です。简体中文，繁體中文。한국어 텍스트. ─┼─ ｱｲｳ ①②\n';

/** What the Node stage (LineSplitter → FallbackDecoder, iconv-lite) gives for `bytes` with `fallback`. */
async function nodeStageText(bytes: Uint8Array, fallback: string): Promise<string> {
  let text = '';
  const sink = new Writable({
    objectMode: true,
    write(chunk: string, _encoding, callback) {
      text += chunk;
      callback();
    },
  });
  await pipeline(
    Readable.from([Buffer.from(bytes)]),
    new LineSplitter(),
    new FallbackDecoder({ fallback }),
    sink,
  );
  return text;
}

/**
 * Inputs for each name of {@link DOUBLE_BYTE_SPELLINGS}, with the text the Node stage decodes them to:
 * the codec's own encoding of a sentence (whole, and cut inside a character), and fixed-seed samples of
 * malformed and well-formed double-byte bytes over several lines. Made in Node, bundled for the others.
 */
export async function doubleByteOracle(): Promise<DoubleByteCase[]> {
  const cases: DoubleByteCase[] = [];
  for (const [index, fallback] of DOUBLE_BYTE_SPELLINGS.entries()) {
    const encoded = Uint8Array.from(iconv.encode(TEXT, fallback));
    const inputs = [
      encoded,
      encoded.subarray(0, 9),
      ...fc.sample(doubleByteBytes(160), { seed: 41 + index, numRuns: CASES_PER_NAME }),
    ];
    for (const bytes of inputs)
      cases.push({ fallback, bytes: [...bytes], text: await nodeStageText(bytes, fallback) });
  }
  return cases;
}
