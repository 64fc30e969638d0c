import { Readable } from 'node:stream';
import { pipeline } from '@pipeguard/pipeline';
import iconv from 'iconv-lite';

/**
 * Legacy codepages: a Chinese build tool writes GBK, a Japanese one Shift_JIS, next to UTF-8. Decoded
 * as UTF-8 they are destroyed into U+FFFD; with a fallback, only the lines UTF-8 rejects are decoded
 * in the legacy encoding, and valid UTF-8 is never touched.
 */

const gbk = iconv.encode('错误：找不到文件 配置.json\n', 'gbk');
const utf8 = Buffer.from('build ok ✓\n');
const sjis = iconv.encode('エラー：ファイルが見つかりません\n', 'shift_jis');
const output = () => Readable.from([gbk, utf8, sjis]);

console.log('## as UTF-8 (what Buffer#toString gives)');
console.log(Buffer.concat([gbk, utf8, sjis]).toString().trimEnd());

for (const fallback of [['gbk'], ['shift_jis', 'gbk']]) {
  const capture = await pipeline(output(), { fallback });
  console.log(`\n## fallback ${JSON.stringify(fallback)}`);
  console.log(capture.text.trimEnd());
  console.log(`UTF-8 lines ${capture.decoder.utf8Units}, fallback lines ${capture.decoder.fallbackUnits}`);
}
// Order matters: the first encoding whose text has no U+FFFD wins. Shift_JIS rejects GBK bytes,
// while GBK accepts Shift_JIS bytes as wrong characters, so the stricter one goes first.
