import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import type { BinaryGuardEncoding } from '../src/index';

/** One corpus sample: real bytes, generated at test time, and what the guard must make of them. */
export interface Sample {
  name: string;
  kind: 'binary' | 'text';
  bytes: Buffer;
  /** For text: the encoding the guard must report. */
  encoding?: BinaryGuardEncoding;
}

const RUSSIAN = [
  'Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.',
  'Всё смешалось в доме Облонских.',
  'Мой дядя самых честных правил, когда не в шутку занемог, он уважать себя заставил и лучше выдумать не мог.',
  'Все люди рождаются свободными и равными в своем достоинстве и правах.',
  'Они наделены разумом и совестью и должны поступать в отношении друг друга в духе братства.',
  'Сборка завершена: 12 файлов скомпилировано, ошибок нет, предупреждений: 3.',
  'Не удалось открыть файл отчёт.txt: доступ запрещён.',
];
const RUSSIAN_TYPOGRAPHIC = ['Ошибка: файл «отчёт.txt» не найден — проверьте путь…', ...RUSSIAN];
const JAPANESE = [
  '吾輩は猫である。名前はまだ無い。',
  'どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。',
  '或日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。',
  'すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。',
  '人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。',
  'ビルドが完了しました。警告：３件、エラー：０件。',
  'ファイル「設定.json」が見つかりません。',
];
const CHINESE_SIMPLIFIED = [
  '人人生而自由，在尊严和权利上一律平等。',
  '他们赋有理性和良心，并应以兄弟关系的精神相对待。',
  '在我的后园，可以看见墙外有两株树，一株是枣树，还有一株也是枣树。',
  '学而时习之，不亦说乎？有朋自远方来，不亦乐乎？',
  '系统找不到指定的文件。正在编译源文件，请稍候……',
  '构建成功：共处理 42 个文件，耗时 3.5 秒。',
];
const CHINESE_TRADITIONAL = [
  '人人生而自由，在尊嚴和權利上一律平等。',
  '他們賦有理性和良心，並應以兄弟關係的精神相對待。',
  '在我的後園，可以看見牆外有兩株樹，一株是棗樹，還有一株也是棗樹。',
  '學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？',
  '系統找不到指定的檔案。',
];
const KOREAN = [
  '모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다.',
  '인간은 천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다.',
  '지정된 파일을 찾을 수 없습니다.',
  '빌드가 완료되었습니다. 경고 3개, 오류 0개.',
  '동해 물과 백두산이 마르고 닳도록 하느님이 보우하사 우리나라 만세.',
];
const FRENCH = [
  'Tous les êtres humains naissent libres et égaux en dignité et en droits.',
  'Ils sont doués de raison et de conscience et doivent agir les uns envers les autres dans un esprit de fraternité.',
  'Longtemps, je me suis couché de bonne heure.',
  "Il était une fois une petite fille de village, la plus jolie qu'on eût su voir.",
  'Le fichier « données.csv » a été créé ; 1 024 lignes écrites, déjà vérifiées.',
  'Alle Menschen sind frei und gleich an Würde und Rechten geboren. Größe: 12 MB, Übertragung läuft.',
];
const FRENCH_CP1252 = [
  'L’été dernier, j’ai payé 15 € pour un café — c’était cher.',
  '« Qu’est-ce que c’est ? » demanda-t-elle… puis elle sourit.',
  'Le cœur a ses raisons que la raison ne connaît point.',
  'Compilation terminée – 3 avertissements, 0 erreur ; durée : 4,2 s.',
  '“Smart quotes” and ‘single quotes’ cost 0,50 € each — or so they say.',
  ...FRENCH,
];
const EMOJI = [
  'Deploy finished 🚀 all checks passed ✅',
  'Pair programming 👩‍💻👨‍💻 with ☕ and 🍕',
  'Flags: 🇫🇷 🇯🇵 🇧🇷 🏳️‍🌈 — skin tones: 👍🏽 👋🏿',
  'Weather ⛅ 21 °C, wind 🌬️ 12 km/h',
];

/** Several KB of text: the sentences in a rotating order, a few to a line, until `minChars`. */
export function prose(sentences: readonly string[], minChars = 6000, separator = ' '): string {
  const lines: string[] = [];
  let length = 0;
  for (let line = 0; length < minChars; line++) {
    const picked = [0, 1, 2].map((step) => sentences[(line * 2 + step) % sentences.length]);
    const text = picked.join(separator);
    lines.push(text);
    length += text.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** Deterministic pseudo-random bytes (SHA-256 in counter mode), so every run sees the same sample. */
export function seededBytes(length: number, seed = 'pipeguard'): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; blocks.length * 32 < length; counter++) {
    blocks.push(createHash('sha256').update(`${seed}:${counter}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** The first 64 bytes of the running Node executable's ELF header, then NUL padding. */
function elfHeaderPadded(): Buffer {
  const header = readFileSync(process.execPath).subarray(0, 64);
  return Buffer.concat([header, Buffer.alloc(4096 - header.length)]);
}

/** A 64-bit Mach-O header with one LC_SEGMENT_64 (`__PAGEZERO`) command, then NUL padding. */
function machOHeaderPadded(): Buffer {
  const bytes = Buffer.alloc(4096);
  [0xfeedfacf, 0x01000007, 3, 2, 1, 72, 0x00200085, 0].forEach((word, index) => {
    bytes.writeUInt32LE(word, index * 4);
  });
  bytes.writeUInt32LE(0x19, 32);
  bytes.writeUInt32LE(72, 36);
  bytes.write('__PAGEZERO', 40, 'latin1');
  bytes.writeBigUInt64LE(0x100000000n, 64);
  return bytes;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 128×128 RGB PNG of gradient plus noise: a valid image whose IDAT is real deflate output. */
export function pngImage(): Buffer {
  const size = 128;
  const noise = seededBytes(size * size, 'png');
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(x * 2, y * 2, (noise[y * size + x] as number) & 0x3f);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A server log with varying ids and timings: text that compresses like a real log, not like a loop. */
function serverLog(lines: number): string {
  const noise = seededBytes(lines * 8, 'log');
  return Array.from({ length: lines }, (_, index) => {
    const id = noise.subarray(index * 8, index * 8 + 8).toString('hex');
    const millis = noise.readUInt16LE(index * 8) % 900;
    const status = [200, 200, 200, 304, 404, 500][(noise[index * 8 + 2] as number) % 6];
    return `2024-03-12T14:${String(index % 60).padStart(2, '0')}:07Z req=${id} GET /api/items/${index} ${status} ${millis}ms`;
  }).join('\n');
}

function ansiTestRun(pass: string, fail: string, names: readonly string[]): string {
  const lines = names.map((name, index) =>
    index % 5 === 4
      ? `  \x1b[31m${fail}\x1b[39m \x1b[2m${name}\x1b[22m \x1b[1m\x1b[33m(${index + 3} ms)\x1b[39m\x1b[22m`
      : `  \x1b[32m${pass}\x1b[39m \x1b[2m${name}\x1b[22m \x1b[1m\x1b[2m(${index + 1} ms)\x1b[22m\x1b[0m`,
  );
  const header =
    '\x1b[1m\x1b[42m\x1b[30m PASS \x1b[39m\x1b[49m\x1b[22m \x1b[2mtests/\x1b[22m\x1b[1mélève.test.js\x1b[22m';
  return prose([header, ...lines], 6000, '\n');
}

const TEST_NAMES = [
  'calcule la moyenne pondérée',
  'refuse une note négative',
  'arrondit à la décimale près',
  'trie les élèves par prénom',
  'gère les accents : Émile, Zoë, François',
  'exporte le bulletin en CSV',
];

function findPrint0(): string {
  const directories = ['./src', './docs/日本語', './photos/été 2024', './Música', './naïve café'];
  const files = ['index.ts', 'README.md', 'IMG_0001.jpg', 'résumé final.pdf', 'données.csv', 'Übersicht.txt'];
  const names = directories.flatMap((directory) => files.map((file) => `${directory}/${file}\0`));
  return prose(names, 6000, '').replaceAll('\n', '');
}

function overstrike(): string {
  const bold = (word: string) => [...word].map((char) => `${char}\b${char}`).join('');
  const underline = (word: string) => [...word].map((char) => `_\b${char}`).join('');
  const lines = [
    bold('NAME'),
    `       ls - ${underline('liste')} le contenu des répertoires`,
    bold('SYNOPSIS'),
    `       ${bold('ls')} [${underline('OPTION')}]... [${underline('FICHIER')}]...`,
    bold('DESCRIPTION'),
    `       Affiche les informations sur les ${underline('fichiers')} (du répertoire courant par défaut).`,
    `       ${bold('-a')}, ${bold('--all')}  ne pas ignorer les entrées débutant par « . »`,
  ];
  return prose(lines, 6000, '\n');
}

function json(): string {
  const records = Array.from({ length: 40 }, (_, index) => ({
    id: index,
    name: ['Zoë', 'Ōtani', '李雷', 'Łukasz', 'Søren'][index % 5],
    city: ['Zürich', '東京', 'São Paulo', 'Kraków', 'Montréal'][index % 5],
    tags: ['naïve', 'café', '✓ done'],
    score: index * 1.5,
  }));
  return `${JSON.stringify(records, null, 2)}\n`;
}

function powershellListing(): string {
  const rows = [
    '    Directory: C:\\Users\\José\\Documents',
    '',
    'Mode                 LastWriteTime         Length Name',
    '----                 -------------         ------ ----',
  ];
  const names = [
    'Relatório final.docx',
    '日本語のメモ.txt',
    'Überweisung.pdf',
    'Фото.jpg',
    'naïve café.xlsx',
  ];
  for (let index = 0; index < 80; index++) {
    const name = names[index % names.length];
    rows.push(
      `-a----        12/03/2024     14:${String(index % 60).padStart(2, '0')}     ${1024 * (index + 1)} ${name}`,
    );
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

const legacy = (name: string, sentences: readonly string[], encoding: string): Sample => ({
  name,
  kind: 'text',
  bytes: iconv.encode(prose(sentences), encoding),
  encoding: 'legacy',
});

const utf8 = (name: string, text: string): Sample => ({
  name,
  kind: 'text',
  bytes: Buffer.from(text, 'utf8'),
  encoding: 'utf-8',
});

/** The legacy-codepage text samples: name, sentences, and the codec they are encoded in. */
const LEGACY_TEXTS: ReadonlyArray<[string, readonly string[], string]> = [
  ['Russian, cp1251', RUSSIAN_TYPOGRAPHIC, 'cp1251'],
  ['Russian, KOI8-R', RUSSIAN, 'koi8-r'],
  ['Japanese, Shift_JIS', JAPANESE, 'shift_jis'],
  ['Japanese, EUC-JP', JAPANESE, 'euc-jp'],
  ['Chinese, GBK', CHINESE_SIMPLIFIED, 'gbk'],
  ['Chinese, Big5', CHINESE_TRADITIONAL, 'big5'],
  ['Korean, EUC-KR', KOREAN, 'euc-kr'],
  ['French and German, latin-1', FRENCH, 'latin1'],
  ['French, cp1252 (’ “ ” – — € …)', FRENCH_CP1252, 'cp1252'],
];

/** Builds the whole corpus: real executables, synthetic headers, compressed and random bytes, and text of every kind. */
export function buildCorpus(): Sample[] {
  const node = readFileSync(process.execPath);
  const middle = Math.floor(node.length / 2);
  const binary = (name: string, bytes: Buffer): Sample => ({ name, kind: 'binary', bytes });
  return [
    binary('node executable, first 256 KiB', node.subarray(0, 256 * 1024)),
    binary('node executable, 64 KiB from the middle', node.subarray(middle, middle + 64 * 1024)),
    binary('/bin/sh, whole', readFileSync('/bin/sh')),
    binary('ELF header + NUL padding, 4 KiB', elfHeaderPadded()),
    binary('Mach-O header + NUL padding, 4 KiB', machOHeaderPadded()),
    binary('gzip of a server log (node:zlib)', gzipSync(serverLog(4000))),
    binary('PNG image, 128×128', pngImage()),
    binary('random bytes, 64 KiB', seededBytes(64 * 1024)),
    binary(
      'random bytes after a UTF-16LE BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe]), seededBytes(8192)]),
    ),
    ...LEGACY_TEXTS.map(([name, sentences, codec]) => legacy(name, sentences, codec)),
    legacy('ANSI-coloured test run, cp1252', [ansiTestRun('+', 'x', TEST_NAMES)], 'cp1252'),
    utf8('French and German, UTF-8', prose(FRENCH_CP1252)),
    utf8('Japanese and Chinese, UTF-8', prose([...JAPANESE, ...CHINESE_SIMPLIFIED])),
    utf8('emoji, UTF-8', prose(EMOJI)),
    utf8('JSON', json()),
    utf8('ANSI-coloured test run, UTF-8', ansiTestRun('✓', '✗', TEST_NAMES)),
    utf8('find -print0 names', findPrint0()),
    utf8('man page overstrike, UTF-8', overstrike()),
    {
      name: 'PowerShell listing, UTF-16LE + BOM',
      kind: 'text',
      bytes: Buffer.from(powershellListing(), 'utf16le'),
      encoding: 'utf-16le',
    },
    {
      name: 'PowerShell listing, UTF-16BE + BOM',
      kind: 'text',
      bytes: utf16be(powershellListing()),
      encoding: 'utf-16be',
    },
  ];
}

/** The sentence sets with the codecs they are encoded in, so tests can check every sentence round-trips. */
export const LEGACY_SOURCES: ReadonlyArray<[readonly string[], string]> = LEGACY_TEXTS.map(
  ([, sentences, codec]) => [sentences, codec],
);
