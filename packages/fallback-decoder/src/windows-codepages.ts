/**
 * The ANSI codepage Windows uses for a system locale, keyed by lower-case BCP 47 tag: language,
 * `language-script` or `language-region`, most specific first. Locales Windows treats as
 * Unicode-only (Hindi, Georgian, Armenian, …) have no entry, so they get no fallback.
 * Source: the `LOCALE_IDEFAULTANSICODEPAGE` column of Microsoft's NLS tables,
 * https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-lcid/
 */
// Marked pure so that a bundle that never reads it (the CLI, whose lookups go through
// windowsAnsiCodepageOf) drops it: built at load, it was 40 KB of young heap at every start, measured.
export const WINDOWS_ANSI_CODEPAGES: Readonly<Record<string, string>> = /* @__PURE__ */ frozenTable();

let codepageByTag: ReadonlyMap<string, string> | undefined;

/**
 * The entry of {@link WINDOWS_ANSI_CODEPAGES} for a lower-case BCP 47 tag, or `undefined`: the same
 * table, built on the first lookup (only Windows hosts without a readable code page look one up).
 */
export function windowsAnsiCodepageOf(tag: string): string | undefined {
  codepageByTag ??= new Map(codepageEntries());
  return codepageByTag.get(tag);
}

function frozenTable(): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(codepageEntries()));
}

/** The table's entries, `[tag, codepage]`, in its order: the one copy of its data. */
function codepageEntries(): [tag: string, codepage: string][] {
  return [
    // Double-byte East Asian codepages.
    ...codepageFor('cp936', ['zh', 'zh-hans']),
    ...codepageFor('cp950', ['zh-hant', 'zh-tw', 'zh-hk', 'zh-mo']),
    ...codepageFor('cp932', ['ja']),
    ...codepageFor('cp949', ['ko']),
    // cp1250, Central European.
    ...codepageFor('cp1250', ['cs', 'hr', 'hu', 'pl', 'ro', 'sk', 'sl', 'sq', 'bs', 'sr-latn', 'tk']),
    // cp1251, Cyrillic.
    ...codepageFor('cp1251', [
      ...['ru', 'uk', 'be', 'bg', 'mk', 'sr', 'sr-cyrl', 'kk', 'ky', 'tt', 'ba', 'mn', 'tg', 'sah'],
      ...['az-cyrl', 'uz-cyrl', 'bs-cyrl'],
    ]),
    // cp1252, Western European.
    ...codepageFor('cp1252', [
      ...['af', 'br', 'ca', 'co', 'cy', 'da', 'de', 'en', 'es', 'eu', 'fi', 'fil'],
      ...['fo', 'fr', 'fy', 'ga', 'gd', 'gl', 'id', 'is', 'it', 'lb', 'ms'],
      ...['nb', 'nl', 'nn', 'no', 'oc', 'pt', 'rm', 'sv', 'sw', 'xh', 'zu'],
    ]),
    ...codepageFor('cp1253', ['el']),
    ...codepageFor('cp1254', ['tr', 'az', 'az-latn', 'uz', 'uz-latn']),
    ...codepageFor('cp1255', ['he']),
    ...codepageFor('cp1256', ['ar', 'fa', 'ur']),
    ...codepageFor('cp1257', ['et', 'lv', 'lt']),
    ...codepageFor('cp1258', ['vi']),
    ...codepageFor('cp874', ['th']),
  ];
}

function codepageFor(codepage: string, tags: readonly string[]): [tag: string, codepage: string][] {
  return tags.map((tag) => [tag, codepage]);
}
