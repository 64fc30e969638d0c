/** How a codepage's bytes are tried: one byte, or every lead and trail pair (and GB18030's four bytes). */
export type CodepageShape = 'single-byte' | 'double-byte' | 'gb';

/** A codepage the Node stage takes (its iconv-lite name) with the WHATWG decoder's label for it. */
export interface CodepageCase {
  iconv: string;
  whatwg: string;
  shape: CodepageShape;
}

const single = (iconv: string, whatwg: string): CodepageCase => ({ iconv, whatwg, shape: 'single-byte' });
const double = (iconv: string, whatwg: string): CodepageCase => ({ iconv, whatwg, shape: 'double-byte' });

/** Every iconv-lite codepage that has a WHATWG decoder of the same name or the same table. */
export const CODEPAGE_CANDIDATES: readonly CodepageCase[] = [
  ...[874, 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258].map((page) =>
    single(`cp${page}`, `windows-${page}`),
  ),
  single('cp866', 'ibm866'),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16].map((part) =>
    single(`iso-8859-${part}`, `iso-8859-${part}`),
  ),
  single('koi8-r', 'koi8-r'),
  single('koi8-u', 'koi8-u'),
  single('macintosh', 'macintosh'),
  single('maccyrillic', 'x-mac-cyrillic'),
  single('macukraine', 'x-mac-cyrillic'),
  double('shift_jis', 'shift_jis'),
  double('cp932', 'shift_jis'),
  double('euc-jp', 'euc-jp'),
  double('euc-kr', 'euc-kr'),
  double('cp949', 'euc-kr'),
  double('big5', 'big5'),
  double('cp950', 'big5'),
  double('big5hkscs', 'big5'),
  { iconv: 'gbk', whatwg: 'gbk', shape: 'gb' },
  { iconv: 'cp936', whatwg: 'gbk', shape: 'gb' },
  { iconv: 'gb2312', whatwg: 'gbk', shape: 'gb' },
  { iconv: 'gb18030', whatwg: 'gb18030', shape: 'gb' },
];

/**
 * The byte sequences every decoder of `shape` is tried on, in a fixed order: each byte alone; for the
 * double-byte ones each byte from 0x80 followed by each byte; for GB also each four-byte sequence.
 */
export function codepageInputs(shape: CodepageShape): Uint8Array[] {
  const inputs: Uint8Array[] = [];
  for (let byte = 0; byte < 256; byte++) inputs.push(Uint8Array.of(byte));
  if (shape === 'single-byte') return inputs;
  for (let lead = 0x80; lead < 256; lead++)
    for (let trail = 0; trail < 256; trail++) inputs.push(Uint8Array.of(lead, trail));
  if (shape === 'double-byte') return inputs;
  for (let first = 0x81; first <= 0x84; first++)
    for (let second = 0x30; second <= 0x39; second++)
      for (let third = 0x81; third <= 0xfe; third++)
        for (let fourth = 0x30; fourth <= 0x39; fourth++)
          inputs.push(Uint8Array.of(first, second, third, fourth));
  return inputs;
}
