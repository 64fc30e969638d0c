/**
 * The ANSI codepage Windows uses for a system locale, keyed by lower-case BCP 47 tag: language,
 * `language-script` or `language-region`, most specific first. Locales Windows treats as
 * Unicode-only (Hindi, Georgian, Armenian, …) have no entry, so they get no fallback.
 * Source: the `LOCALE_IDEFAULTANSICODEPAGE` column of Microsoft's NLS tables,
 * https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-lcid/
 */
export const WINDOWS_ANSI_CODEPAGES: Readonly<Record<string, string>> = Object.freeze({
  // Double-byte East Asian codepages.
  zh: 'cp936',
  'zh-hans': 'cp936',
  'zh-hant': 'cp950',
  'zh-tw': 'cp950',
  'zh-hk': 'cp950',
  'zh-mo': 'cp950',
  ja: 'cp932',
  ko: 'cp949',
  // cp1250, Central European.
  ...codepageFor('cp1250', ['cs', 'hr', 'hu', 'pl', 'ro', 'sk', 'sl', 'sq', 'bs', 'sr-latn', 'tk']),
  // cp1251, Cyrillic.
  ...codepageFor('cp1251', [
    ...['ru', 'uk', 'be', 'bg', 'mk', 'sr', 'sr-cyrl', 'kk', 'ky', 'tt', 'ba', 'mn', 'tg', 'sah'],
    ...['az-cyrl', 'uz-cyrl', 'bs-cyrl'],
  ]),
  // cp1252, Western European.
  ...codepageFor('cp1252', [
    ...[
      'af',
      'br',
      'ca',
      'co',
      'cy',
      'da',
      'de',
      'en',
      'es',
      'eu',
      'fi',
      'fil',
      'fo',
      'fr',
      'fy',
      'ga',
      'gd',
    ],
    ...['gl', 'id', 'is', 'it', 'lb', 'ms', 'nb', 'nl', 'nn', 'no', 'oc', 'pt', 'rm', 'sv', 'sw', 'xh', 'zu'],
  ]),
  el: 'cp1253',
  ...codepageFor('cp1254', ['tr', 'az', 'az-latn', 'uz', 'uz-latn']),
  he: 'cp1255',
  ...codepageFor('cp1256', ['ar', 'fa', 'ur']),
  ...codepageFor('cp1257', ['et', 'lv', 'lt']),
  vi: 'cp1258',
  th: 'cp874',
});

function codepageFor(codepage: string, tags: readonly string[]): Record<string, string> {
  return Object.fromEntries(tags.map((tag) => [tag, codepage]));
}
