import iconv from 'iconv-lite';
import { WINDOWS_ANSI_CODEPAGES } from './windows-codepages';

/** What {@link resolveHostFallback} needs to know about the host; pass the values in, it reads nothing itself. */
export interface HostEncodingInput {
  /** The host's `process.platform`: `'win32'` uses `windowsLocale`, every other platform `env`. */
  platform: string;
  /** The host's environment (`process.env`): POSIX hosts take the charset of `LC_ALL`, `LC_CTYPE` or `LANG`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Windows only: the system locale as a BCP 47 tag such as `zh-CN` (what `Get-WinSystemLocale` prints). */
  windowsLocale?: string;
}

const POSIX_LOCALE_VARIABLES = ['LC_ALL', 'LC_CTYPE', 'LANG'] as const;
// Charsets that are UTF-8 or a subset of it: a fallback would never be used.
const UNICODE_COMPATIBLE = /^(utf-?8|us-?ascii|ascii|ansi_x3\.4-1968|646)$/;

/**
 * Resolves the host's legacy codepage, the `fallback: 'auto'` of `FallbackDecoder`: on Windows the
 * ANSI codepage of the system locale (see `WINDOWS_ANSI_CODEPAGES`), on POSIX the charset of the
 * first set of `LC_ALL`, `LC_CTYPE`, `LANG`. A pure function that never throws: UTF-8, C/POSIX, a
 * locale without a charset and anything iconv-lite does not support all give `null` (no fallback).
 */
export function resolveHostFallback(host: HostEncodingInput): string | null {
  if (typeof host !== 'object' || host === null) return null;
  if (host.platform === 'win32') return resolveWindowsLocale(host.windowsLocale);
  return resolvePosixCharset(host.env);
}

function resolveWindowsLocale(locale: unknown): string | null {
  if (typeof locale !== 'string') return null;
  const [language = '', ...subtags] = locale.trim().toLowerCase().replaceAll('_', '-').split('-');
  for (const subtag of subtags) {
    const codepage = WINDOWS_ANSI_CODEPAGES[`${language}-${subtag}`];
    if (codepage !== undefined) return codepage;
  }
  return WINDOWS_ANSI_CODEPAGES[language] ?? null;
}

function resolvePosixCharset(env: unknown): string | null {
  if (typeof env !== 'object' || env === null) return null;
  const variables = env as Record<string, unknown>;
  const locale = POSIX_LOCALE_VARIABLES.map((name) => variables[name]).find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  // `language_TERRITORY.charset@modifier`; C, POSIX and charset-less locales have no charset part.
  const charset = locale?.split('@')[0]?.split('.')[1]?.trim().toLowerCase();
  if (!charset || UNICODE_COMPATIBLE.test(charset)) return null;
  return iconv.encodingExists(charset) ? charset : null;
}
