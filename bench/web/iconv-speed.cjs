// iconv-lite's decode (as FallbackDecoder calls it) against TextDecoder on the same 64 KiB, in a
// runtime with Buffer: `node bench/web/iconv-speed.cjs` and `bun bench/web/iconv-speed.cjs` (from the
// workspace root). Prints MB/s per encoding.
const iconv = require('iconv-lite');
const LINES = {
  cp1251: ['windows-1251', 'Ошибка: не удалось открыть файл конфигурации, повтор через 5 с'],
  cp1252: ['windows-1252', 'Avertissement : le fichier « données.csv » est déjà ouvert — réessai'],
  gbk: ['gbk', '系统找不到指定的文件。正在重试第 3 次，请稍候'],
  shift_jis: ['shift_jis', 'エラー：指定されたファイルが見つかりません。再試行します'],
};
function rate(run, bytes) {
  for (let warm = 0; warm < 50; warm++) run();
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < 300) {
    run();
    runs++;
  }
  return (bytes * runs) / ((performance.now() - started) * 1e3);
}
for (const [encoding, [label, line]] of Object.entries(LINES)) {
  let text = '';
  for (let index = 0; text.length < 40_000; index++) text += `[${index}] ${line}\n`;
  const bytes = iconv.encode(text, encoding).subarray(0, 64 * 1024);
  const decoder = new TextDecoder(label, { ignoreBOM: true });
  const viaIconv = rate(() => iconv.decode(bytes, encoding, { stripBOM: false }), bytes.length);
  const viaDecoder = rate(() => decoder.decode(bytes), bytes.length);
  console.log(
    JSON.stringify({
      encoding,
      iconvMBs: viaIconv,
      textDecoderMBs: viaDecoder,
      ratio: viaDecoder / viaIconv,
    }),
  );
}
