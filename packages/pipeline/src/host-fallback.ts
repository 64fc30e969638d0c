import { resolveHostFallback } from '@pipeguard/fallback-decoder';

/**
 * Resolves `fallback: 'auto'` to this host's legacy codepage (`null` on a UTF-8 host); any other
 * setting is returned as is. `env` is the environment of the program whose output is decoded.
 */
export function resolveAutoFallback(
  fallback: string | string[] | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | string[] | null | undefined {
  if (fallback !== 'auto') return fallback;
  return resolveHostFallback({
    platform: process.platform,
    env,
    windowsLocale: Intl.DateTimeFormat().resolvedOptions().locale,
  });
}
