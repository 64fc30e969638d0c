import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { resolveHostFallback, WINDOWS_ANSI_CODEPAGES } from '../src/index';

describe('resolveHostFallback', () => {
  it.each([
    ['zh-CN', 'cp936'],
    ['zh-SG', 'cp936'],
    ['zh-Hans-HK', 'cp936'],
    ['zh-TW', 'cp950'],
    ['zh-HK', 'cp950'],
    ['zh-Hant', 'cp950'],
    ['ja-JP', 'cp932'],
    ['ko-KR', 'cp949'],
    ['ru-RU', 'cp1251'],
    ['uk-UA', 'cp1251'],
    ['bg-BG', 'cp1251'],
    ['sr-Cyrl-RS', 'cp1251'],
    ['sr-RS', 'cp1251'],
    ['sr-Latn-RS', 'cp1250'],
    ['pl-PL', 'cp1250'],
    ['cs-CZ', 'cp1250'],
    ['en-US', 'cp1252'],
    ['de-DE', 'cp1252'],
    ['fr-FR', 'cp1252'],
    ['es-ES', 'cp1252'],
    ['pt-BR', 'cp1252'],
    ['el-GR', 'cp1253'],
    ['tr-TR', 'cp1254'],
    ['he-IL', 'cp1255'],
    ['ar-SA', 'cp1256'],
    ['lt-LT', 'cp1257'],
    ['vi-VN', 'cp1258'],
    ['th-TH', 'cp874'],
    ['zh_CN', 'cp936'],
    [' JA ', 'cp932'],
    ['hi-IN', null],
    ['ka-GE', null],
    ['', null],
    [undefined, null],
  ])('should give %j the ANSI codepage %j when the platform is win32', (windowsLocale, expected) => {
    expect(resolveHostFallback({ platform: 'win32', windowsLocale, env: { LANG: 'ja_JP.eucJP' } })).toBe(
      expected,
    );
  });

  it.each([
    [{ LANG: 'ja_JP.eucJP' }, 'eucjp'],
    [{ LANG: 'ru_RU.KOI8-R' }, 'koi8-r'],
    [{ LANG: 'zh_CN.GB18030' }, 'gb18030'],
    [{ LANG: 'zh_TW.Big5' }, 'big5'],
    [{ LANG: 'de_DE.ISO-8859-15@euro' }, 'iso-8859-15'],
    [{ LANG: 'en_US.UTF-8' }, null],
    [{ LANG: 'en_US.utf8' }, null],
    [{ LANG: 'C.UTF-8' }, null],
    [{ LANG: 'C' }, null],
    [{ LANG: 'POSIX' }, null],
    [{ LANG: 'en_US' }, null],
    [{ LANG: 'C.ANSI_X3.4-1968' }, null],
    [{ LANG: 'xx_XX.NO-SUCH-CHARSET' }, null],
    [{}, null],
    [{ LC_ALL: 'ru_RU.CP1251', LC_CTYPE: 'ja_JP.SJIS', LANG: 'en_US.UTF-8' }, 'cp1251'],
    [{ LC_CTYPE: 'ja_JP.SJIS', LANG: 'ru_RU.KOI8-R' }, 'sjis'],
    [{ LC_ALL: '', LANG: 'ru_RU.KOI8-R' }, 'koi8-r'],
    [{ LC_ALL: 'en_US.UTF-8', LANG: 'ru_RU.KOI8-R' }, null],
  ])('should take the charset of %j when the platform is POSIX', (env, expected) => {
    expect(resolveHostFallback({ platform: 'linux', env, windowsLocale: 'zh-CN' })).toBe(expected);
    expect(resolveHostFallback({ platform: 'darwin', env })).toBe(expected);
  });

  it.each([
    [936, 'cp936'],
    [1251, 'cp1251'],
    [932, 'cp932'],
    [874, 'cp874'],
    [65001, null],
    [20127, null],
  ])(
    'should take the ANSI code page %j as %j over the locale when the platform is win32',
    (codepage, expected) => {
      expect(
        resolveHostFallback({ platform: 'win32', windowsAnsiCodepage: codepage, windowsLocale: 'ja-JP' }),
      ).toBe(expected);
    },
  );

  it('should map every table entry to an encoding iconv-lite supports', () => {
    for (const codepage of Object.values(WINDOWS_ANSI_CODEPAGES))
      expect(iconv.encodingExists(codepage)).toBe(true);
  });
});
