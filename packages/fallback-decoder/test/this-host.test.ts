import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FallbackDecoder, resolveAutoFallback } from '../src/index';
import { thisHost } from '../src/internal';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/auto-fallback.ts', import.meta.url));
const russian = 'Файл не найден';

/** `fallback: 'auto'` as a child process run with exactly these locale variables resolves it. */
async function autoInChild(locale: Record<string, string>, bytes = Buffer.alloc(0)) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture, bytes.toString('hex')], {
    cwd: root,
    env: { PATH: process.env['PATH'], ...locale },
  });
  return JSON.parse(stdout) as { fallback: string[]; text: string };
}

describe("FallbackDecoder with fallback: 'auto' and no host", () => {
  it.each([
    [{ LANG: 'ru_RU.KOI8-R' }, ['koi8-r']],
    [{ LC_CTYPE: 'zh_CN.GBK', LANG: 'ru_RU.KOI8-R' }, ['gbk']],
    [{ LC_ALL: 'ja_JP.eucJP', LC_CTYPE: 'zh_CN.GBK', LANG: 'ru_RU.KOI8-R' }, ['eucjp']],
    [{ LC_ALL: 'C.UTF-8', LC_CTYPE: 'zh_CN.GBK' }, []],
    [{ LC_ALL: '', LANG: 'zh_CN.GBK' }, ['gbk']],
    [{ LANG: 'C' }, []],
    [{}, []],
  ])('should resolve the codepage of a process whose locale is %j to %j', async (locale, expected) => {
    expect((await autoInChild(locale)).fallback).toEqual(expected);
  });

  it('should decode cp1251 output when the process runs in a cp1251 locale', async () => {
    const { text } = await autoInChild(
      { LANG: 'ru_RU.CP1251' },
      Buffer.from(iconv.encode(`${russian}\n`, 'cp1251')),
    );
    expect(text).toBe(`${russian}\n`);
  });

  it('should resolve the given host instead of this machine when host is given', () => {
    const decoder = new FallbackDecoder({
      fallback: 'auto',
      host: { platform: 'linux', env: { LANG: 'zh_CN.GBK' } },
    });
    expect(decoder.fallback).toEqual(['gbk']);
  });
});

describe('resolveAutoFallback', () => {
  it("should resolve 'auto' in the environment it is given and return any other setting as is", () => {
    expect(resolveAutoFallback('auto', { LANG: 'ja_JP.SJIS' })).toBe('sjis');
    expect(resolveAutoFallback('auto', { LANG: 'en_US.UTF-8' })).toBeNull();
    expect(resolveAutoFallback('gbk', { LANG: 'ja_JP.SJIS' })).toBe('gbk');
    expect(resolveAutoFallback(null)).toBeNull();
    expect(resolveAutoFallback(undefined)).toBeUndefined();
  });

  it('should describe this machine by its platform and the environment it is given', () => {
    const env = { LANG: 'ru_RU.KOI8-R' };
    expect(thisHost(env)).toMatchObject({ platform: process.platform, env });
  });
});
