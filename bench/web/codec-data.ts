import iconv from 'iconv-lite';
import { codepageOracle } from '../../packages/web/test/runtimes/codepage-oracle';

/** 64 KiB of log lines in a language each codepage is for, encoded by iconv-lite. */
const LINES: Record<string, string> = {
  cp1251: 'Ошибка: не удалось открыть файл конфигурации, повтор через 5 с',
  cp1252: 'Avertissement : le fichier « données.csv » est déjà ouvert — réessai',
  gbk: '系统找不到指定的文件。正在重试第 3 次，请稍候',
  shift_jis: 'エラー：指定されたファイルが見つかりません。再試行します',
};

export function codepageTexts(): Record<string, number[]> {
  const texts: Record<string, number[]> = {};
  for (const [encoding, line] of Object.entries(LINES)) {
    let text = '';
    for (let index = 0; text.length < 40_000; index++) text += `[${index}] ${line}\n`;
    texts[encoding] = Array.from(iconv.encode(text, encoding).subarray(0, 64 * 1024));
  }
  return texts;
}

/** The data modules of bench/web/codecs.measure.ts. */
export function codecData(): Record<string, unknown> {
  return { 'virtual:codepage-oracle': codepageOracle(), 'virtual:codepage-texts': codepageTexts() };
}
