import { pipeline } from 'node:stream/promises';
import { LineSplitter, type LineSplitterOptions } from '@pipeguard/line-splitter';
import { collect, describeStageContract, everySplit, feed } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { Writable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { FallbackDecoder, type FallbackDecoderOptions } from '../src/index';

/** Runs bytes through a LineSplitter and a FallbackDecoder and returns the text and the decoder's stats. */
async function decode(chunks: Buffer[], options?: FallbackDecoderOptions, splitter?: LineSplitterOptions) {
  const decoder = new FallbackDecoder(options);
  const [out] = await Promise.all([
    collect<string>(decoder),
    pipeline(feed(chunks), new LineSplitter(splitter), decoder),
  ]);
  return { text: out.join(''), out, stats: decoder.stats };
}

const gbk = (text: string) => iconv.encode(text, 'gbk');
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const chinese = '编译错误：找不到文件';

describe('FallbackDecoder', () => {
  it('should recover a GBK line inside a UTF-8 stream and leave the UTF-8 lines unchanged', async () => {
    const input = Buffer.concat([utf8('ok: café ✓\n'), gbk(`${chinese}\r\n`), utf8('next 😀\r')]);
    const { text, stats } = await decode([input], { fallback: 'gbk' }, { batched: true });
    expect(text).toBe(`ok: café ✓\n${chinese}\r\nnext 😀\r`);
    expect(stats).toEqual({
      units: 3,
      utf8Units: 2,
      fallbackUnits: 1,
      replacedUnits: 0,
      rejectedUnitBytes: 20,
    });
  });

  it('should replace the GBK line with U+FFFD exactly as TextDecoder does when no fallback is set', async () => {
    const input = Buffer.concat([utf8('ok\n'), gbk(chinese)]);
    const { text, stats } = await decode([input]);
    expect(text).toBe(`ok\n${new TextDecoder().decode(gbk(chinese))}`);
    expect(stats).toMatchObject({ replacedUnits: 1, fallbackUnits: 0, rejectedUnitBytes: 20 });
  });

  it('should decode a batch exactly whether it is ASCII throughout or only in its first kilobytes', async () => {
    const ascii = 'GET /api/v1/items 200 12 ms\n'.repeat(300);
    for (const tail of ['', 'café ✓ 文件 😀\n', 'done\n']) {
      const text = ascii + tail;
      const { out, stats } = await decode([utf8(text)], {}, { batched: true });
      expect(out).toEqual([text]);
      expect(stats.utf8Units).toBe(300 + (tail ? 1 : 0));
    }
  });

  it('should decode a GBK character split across two reads at every position', async () => {
    const input = Buffer.concat([gbk('中文\n'), utf8('ü\n')]);
    for (const chunks of everySplit(input)) {
      for (const batched of [false, true]) {
        expect((await decode(chunks, { fallback: 'gbk' }, { batched })).text).toBe('中文\nü\n');
      }
    }
  });

  it('should decode a UTF-8 character and a CRLF split across two reads at every position', async () => {
    const text = 'a€\r\n😀b\r\n';
    for (const chunks of everySplit(utf8(text))) {
      expect((await decode(chunks, { fallback: 'gbk' }, { batched: true })).text).toBe(text);
    }
  });

  it('should decode the final unterminated unit and an empty chunk when the input ends', async () => {
    const { text } = await decode([gbk('中'), Buffer.alloc(0), gbk('文')], { fallback: 'gbk' });
    expect(text).toBe('中文');
  });

  it('should keep replacement behaviour for a unit containing NUL even with a fallback set', async () => {
    const unit = Buffer.concat([gbk('中文'), Buffer.from([0x00, 0xff])]);
    const { text, stats } = await decode([unit], { fallback: 'gbk' });
    expect(text).toBe(new TextDecoder().decode(unit));
    expect(stats).toMatchObject({ fallbackUnits: 0, replacedUnits: 1 });
  });

  it('should take the first listed encoding whose text has no U+FFFD when given a list', async () => {
    expect(iconv.decode(gbk(chinese), 'shift_jis')).toContain('\ufffd');
    const russian = iconv.encode('Привет, мир', 'cp1251');
    const input = Buffer.concat([gbk(`${chinese}\n`), russian]);
    expect((await decode([input], { fallback: ['shift_jis', 'gbk', 'cp1251'] })).text).toBe(
      `${chinese}\nПривет, мир`,
    );
  });

  it('should fall back to the first listed encoding when every candidate gives U+FFFD', async () => {
    const bytes = Buffer.from([0x41, 0xff, 0xff, 0x42]);
    expect(iconv.decode(bytes, 'big5')).toContain('\ufffd');
    const { text, stats } = await decode([bytes], { fallback: ['gbk', 'big5'] });
    expect(text).toBe(iconv.decode(bytes, 'gbk'));
    expect(stats.fallbackUnits).toBe(1);
  });

  it("should resolve 'auto' from the host facts it is given", async () => {
    const host = { platform: 'linux', env: { LANG: 'zh_CN.GBK' } };
    const decoder = new FallbackDecoder({ fallback: 'auto', host });
    expect(decoder.fallback).toEqual(['gbk']);
    const utf8Host = new FallbackDecoder({
      fallback: 'auto',
      host: { platform: 'linux', env: { LANG: 'C.UTF-8' } },
    });
    expect(utf8Host.fallback).toEqual([]);
    expect((await decode([gbk(chinese)], { fallback: 'auto', host })).text).toBe(chinese);
  });

  it('should treat each plain Buffer or Uint8Array as one unit when written directly', async () => {
    const decoder = new FallbackDecoder({ fallback: 'gbk' });
    const out = collect<string>(decoder);
    decoder.write(gbk('中文'));
    decoder.write(new Uint8Array(utf8('\nok')));
    decoder.end({ bytes: gbk('字'), terminator: '\r\n', offset: 7 });
    expect((await out).join('')).toBe('中文\nok字\r\n');
    expect(decoder.stats).toMatchObject({ units: 3, utf8Units: 1, fallbackUnits: 2 });
  });

  it("should decode a valid batch without building its units, and build only a rejected batch's", async () => {
    const splitter = new LineSplitter({ batched: true });
    const decoder = new FallbackDecoder({ fallback: 'gbk' });
    const chunks = [utf8('ok: café\nnext\n'), gbk(`${chinese}\n`), utf8('done ✓\n')];
    const [out] = await Promise.all([collect<string>(decoder), pipeline(feed(chunks), splitter, decoder)]);
    expect(out.join('')).toBe(`ok: café\nnext\n${chinese}\ndone ✓\n`);
    expect(decoder.stats).toMatchObject({ units: 4, utf8Units: 3, fallbackUnits: 1 });
    expect(splitter.stats).toMatchObject({ units: 4, builtUnits: 1 });
  });

  it('should count the units of a hand-built batch that has no unitCount when it is valid UTF-8', async () => {
    const bytes = utf8('a\nb€\n');
    const units = [
      { bytes: bytes.subarray(0, 1), terminator: '\n', offset: 0 },
      { bytes: bytes.subarray(2, 6), terminator: '\n', offset: 2 },
    ];
    const decoder = new FallbackDecoder();
    const out = collect<string>(decoder);
    decoder.end({ bytes, offset: 0, units });
    expect((await out).join('')).toBe('a\nb€\n');
    expect(decoder.stats).toMatchObject({ units: 2, utf8Units: 2 });
  });

  it('should place units by their lengths when a stage before rewrote bytes and kept stream offsets', async () => {
    // As LineClipper emits a clipped batch: the first unit shortened, every offset still the stream's.
    const units = [utf8('long line…[clipped]'), gbk('中文'), utf8('ok')];
    const bytes = Buffer.concat([
      units[0],
      utf8('\n'),
      units[1],
      utf8('\n'),
      units[2],
      utf8('\n'),
    ] as Buffer[]);
    const views = [bytes.subarray(0, 21), bytes.subarray(22, 26), bytes.subarray(27, 29)];
    const offsets = [0, 100_001, 100_006];
    const batch = {
      bytes,
      offset: 0,
      units: views.map((view, index) => ({ bytes: view, terminator: '\n', offset: offsets[index] })),
    };
    const decoder = new FallbackDecoder({ fallback: 'gbk' });
    const out = collect<string>(decoder);
    decoder.end(batch);
    expect((await out).join('')).toBe('long line…[clipped]\n中文\nok\n');
  });

  it('should fail the pipeline with ERR_FALLBACK_DECODER_INVALID_CHUNK when given a string', async () => {
    const decoder = new FallbackDecoder();
    const sink = new Writable({ objectMode: true, write: (_chunk, _encoding, callback) => callback() });
    await expect(pipeline(feed(['text']), decoder, sink)).rejects.toMatchObject({
      name: 'FallbackDecoderError',
      code: 'ERR_FALLBACK_DECODER_INVALID_CHUNK',
      message: `Expected a LineUnit, a LineBatch or a Buffer. Received type string ('text')`,
    });
    expect(decoder.destroyed).toBe(true);
  });
});

describeStageContract('FallbackDecoder', {
  create: (options) => new FallbackDecoder(options as never),
  knownOptions: ['fallback', 'host'],
  validOptions: [
    { fallback: 'auto', host: { platform: 'linux', env: { LANG: 'ru_RU.KOI8-R' } } },
    { fallback: ['gbk', 'cp1252'] },
  ],
  input: () => [utf8('line\n'), gbk(chinese)],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    [
      { fallback: 936 },
      TypeError,
      'The "fallback" option must be of type string, an array of strings or null. Received type number (936)',
    ],
    [
      { fallback: 'klingon' },
      TypeError,
      `The "fallback" option must be an encoding iconv-lite supports. Received type string ('klingon')`,
    ],
    [
      { fallback: [] },
      RangeError,
      'The "fallback" option must be a non-empty array of encodings. Received []',
    ],
    [
      { fallback: ['gbk', 1252] },
      TypeError,
      'The "fallback[1]" option must be of type string. Received type number (1252)',
    ],
    [
      { fallback: ['gbk', 'auto'] },
      TypeError,
      `The "fallback[1]" option must be an encoding iconv-lite supports. Received type string ('auto')`,
    ],
    [
      { fallback: 'auto', host: null },
      TypeError,
      `The "host" option must be of type object when "fallback" is 'auto'. Received null`,
    ],
    [
      { fallback: 'auto', host: { platform: 'win32', windowsCodepage: 936 } },
      TypeError,
      'The "host" option has an unknown option "windowsCodepage" (did you mean "windowsAnsiCodepage"?)',
    ],
    [
      { fallback: 'auto', host: { platform: 'win32', windowsAnsiCodepage: '936' } },
      TypeError,
      `The "host.windowsAnsiCodepage" option must be of type number. Received type string ('936')`,
    ],
    [
      { fallbak: 'gbk' },
      TypeError,
      'The "options" argument has an unknown option "fallbak" (did you mean "fallback"?)',
    ],
    [
      { fallback: 'auto', host: { env: {} } },
      TypeError,
      'The "host.platform" option must be of type string. Received undefined',
    ],
    [
      { fallback: 'auto', host: { platform: 'linux', env: 'LANG=C' } },
      TypeError,
      `The "host.env" option must be of type object. Received type string ('LANG=C')`,
    ],
    [
      { fallback: 'auto', host: { platform: 'win32', windowsLocale: 936 } },
      TypeError,
      'The "host.windowsLocale" option must be of type string. Received type number (936)',
    ],
    [
      { fallback: 'gbk', host: { platform: 'linux' } },
      TypeError,
      `The "host" option must be undefined when "fallback" is not 'auto'. Received an instance of Object`,
    ],
  ],
});
