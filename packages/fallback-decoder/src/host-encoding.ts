import { execFileSync } from 'node:child_process';
import { loadIconv } from './load-iconv';
import { windowsAnsiCodepageOf } from './windows-codepages';

/** What {@link resolveHostFallback} needs to know about a host; pass the values in, it reads nothing itself. */
export interface HostEncodingInput {
  /** The host's `process.platform`: `'win32'` uses the Windows fields, every other platform `env`. */
  platform: string;
  /** The host's environment (`process.env`): POSIX hosts take the charset of `LC_ALL`, `LC_CTYPE` or `LANG`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Windows only: the ANSI code page number (`GetACP()`, e.g. `936`); wins over `windowsLocale`. */
  windowsAnsiCodepage?: number;
  /** Windows only: the system locale as a BCP 47 tag such as `zh-CN` (what `Get-WinSystemLocale` prints). */
  windowsLocale?: string;
}

/** The keys a {@link HostEncodingInput} may have: any other is a misspelling. */
export const HOST_ENCODING_INPUT_KEYS = ['platform', 'env', 'windowsAnsiCodepage', 'windowsLocale'] as const;

const POSIX_LOCALE_VARIABLES = ['LC_ALL', 'LC_CTYPE', 'LANG'] as const;
// Charsets that are UTF-8 or a subset of it: a fallback would never be used.
const UNICODE_COMPATIBLE = /^(utf-?8|us-?ascii|ascii|ansi_x3\.4-1968|646)$/;
const WINDOWS_UTF8_CODEPAGE = 65001;
const WINDOWS_CODEPAGE_KEY = 'HKLM\\SYSTEM\\CurrentControlSet\\Control\\Nls\\CodePage';

/**
 * Resolves a host's legacy codepage, the `fallback: 'auto'` of `FallbackDecoder`: on Windows the
 * ANSI codepage (`windowsAnsiCodepage`, else the one of `windowsLocale`, see `WINDOWS_ANSI_CODEPAGES`),
 * on POSIX the charset of the first set of `LC_ALL`, `LC_CTYPE`, `LANG`. A pure function that never
 * throws: UTF-8, C/POSIX, a locale without a charset and anything iconv-lite does not support all
 * give `null` (no fallback).
 */
export function resolveHostFallback(host: HostEncodingInput): string | null {
  if (typeof host !== 'object' || host === null) return null;
  if (host.platform !== 'win32') return resolvePosixCharset(host.env);
  if (host.windowsAnsiCodepage !== undefined) return resolveWindowsCodepage(host.windowsAnsiCodepage);
  return resolveWindowsLocale(host.windowsLocale);
}

// This module is the one place that reads the environment; the Windows code page costs a process, so once.
let windowsFacts: Pick<HostEncodingInput, 'windowsAnsiCodepage' | 'windowsLocale'> | undefined;

/**
 * This machine as {@link resolveHostFallback} sees it: `process.platform`, `env` (by default
 * `process.env`, read at each call) and, on Windows, the ANSI code page read from the registry once
 * per process (the locale of `Intl` when that read fails).
 */
export function thisHost(env: Readonly<Record<string, string | undefined>> = process.env): HostEncodingInput {
  if (process.platform !== 'win32') return { platform: process.platform, env };
  windowsFacts ??= readWindowsFacts();
  return { platform: process.platform, env, ...windowsFacts };
}

/**
 * Resolves `fallback: 'auto'` to this machine's legacy codepage (`null` on a UTF-8 host) with
 * `env` as the environment of the program whose output is decoded; any other setting is returned as is.
 */
export function resolveAutoFallback<Setting>(
  fallback: Setting | 'auto',
  env?: Readonly<Record<string, string | undefined>>,
): Setting | string | null {
  return fallback === 'auto' ? resolveHostFallback(thisHost(env)) : fallback;
}

function readWindowsFacts(): Pick<HostEncodingInput, 'windowsAnsiCodepage' | 'windowsLocale'> {
  const windowsLocale = Intl.DateTimeFormat().resolvedOptions().locale;
  try {
    const output = execFileSync('reg', ['query', WINDOWS_CODEPAGE_KEY, '/v', 'ACP'], {
      encoding: 'latin1',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
      windowsHide: true,
    });
    const codepage = /\bACP\s+REG_SZ\s+(\d+)/i.exec(output)?.[1];
    return codepage === undefined
      ? { windowsLocale }
      : { windowsAnsiCodepage: Number(codepage), windowsLocale };
  } catch {
    return { windowsLocale };
  }
}

function resolveWindowsCodepage(codepage: unknown): string | null {
  if (typeof codepage !== 'number' || codepage === WINDOWS_UTF8_CODEPAGE) return null;
  const name = `cp${codepage}`;
  return loadIconv().encodingExists(name) ? name : null;
}

function resolveWindowsLocale(locale: unknown): string | null {
  if (typeof locale !== 'string') return null;
  const [language = '', ...subtags] = locale.trim().toLowerCase().replaceAll('_', '-').split('-');
  for (const subtag of subtags) {
    const codepage = windowsAnsiCodepageOf(`${language}-${subtag}`);
    if (codepage !== undefined) return codepage;
  }
  return windowsAnsiCodepageOf(language) ?? null;
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
  return loadIconv().encodingExists(charset) ? charset : null;
}
