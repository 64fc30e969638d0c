import { pipeline as streamPipeline } from 'node:stream/promises';
import { pipeline } from '@pipeguard/pipeline';
import iconv from 'iconv-lite';
import { PassThrough, Writable } from 'readable-stream';
import split2 from 'split2';
import { countingSink } from './lib/counting-sink';
import { chunksOf, logLines, MiB, streamOf } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

const GBK_LINE = '错误：无法打开文件 C:\\数据\\报告.txt (拒绝访问)';

interface Input {
  chunks: Buffer[];
  bytes: number;
  maxBytes: number | null;
}

/** UTF-8 log lines with a GBK error line every 1000 lines, as a mixed-tool stream on a Chinese Windows host. */
function mixedText(bytes: number): Buffer {
  const utf8 = logLines(bytes);
  const gbk = iconv.encode(`${GBK_LINE}\n`, 'gbk');
  const parts: Buffer[] = [];
  const block = 80 * 1000;
  for (let start = 0; start < utf8.length; start += block)
    parts.push(utf8.subarray(start, start + block), gbk);
  return Buffer.concat(parts).subarray(0, bytes);
}

/** What a user would hand-build from peers: UTF-8 decoding, split2, and a size check. */
async function peerComposition({ chunks, maxBytes }: Input): Promise<string> {
  const kept: string[] = [];
  let keptBytes = 0;
  let totalBytes = 0;
  const limit = maxBytes ?? Number.POSITIVE_INFINITY;
  await streamPipeline(
    streamOf(chunks),
    iconv.decodeStream('utf8'),
    split2(),
    new Writable({
      objectMode: true,
      write(line: string, _encoding, callback) {
        const size = Buffer.byteLength(line) + 1;
        totalBytes += size;
        if (keptBytes + size <= limit) {
          kept.push(line);
          keptBytes += size;
        }
        callback();
      },
    }),
  );
  const text = `${kept.join('\n')}\n`;
  return totalBytes > limit ? `${text}...[truncated]` : text;
}

const hasGbk = (text: string) => (text.includes(GBK_LINE) ? 'ok' : 'wrong: GBK lines became U+FFFD');

const group = (name: string, maxBytes: number | null) =>
  defineGroup<Input>({
    name,
    setup: ({ quick }) => {
      const bytes = mixedText(quick ? 4 * MiB : 256 * MiB);
      return { chunks: chunksOf(bytes), bytes: bytes.length, maxBytes };
    },
    bytes: (input) => input.bytes,
    baseline: 'split2 + iconv-lite + size check',
    contenders: [
      {
        name: 'split2 + iconv-lite + size check',
        run: peerComposition,
        verify: (text) => hasGbk(text as string),
      },
      {
        name: 'pipeline() (fallback gbk)',
        run: async (input) =>
          (await pipeline(streamOf(input.chunks), { maxBytes: input.maxBytes, fallback: 'gbk' })).text,
        verify: (text) => hasGbk(text as string),
      },
      {
        name: 'PassThrough',
        run: (input) => streamPipeline(streamOf(input.chunks), new PassThrough(), countingSink()),
      },
    ],
    targets: [{ contender: 'pipeline() (fallback gbk)', minRatio: maxBytes === null ? 1.2 : 2 }],
  });

export default defineQuestion({
  id: 'preset',
  title: 'The preset: pipeline() end to end on mixed UTF-8 + GBK text vs a hand-built peer composition',
  groups: [group('default 1 MiB head limit', MiB), group('no limit', null)],
});
