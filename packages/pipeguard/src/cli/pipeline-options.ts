import { resolveHostFallback } from '@pipeguard/fallback-decoder';
import type { PipelineOptions } from '@pipeguard/pipeline';
import type { CaptureSettings } from './parse-cli';

/**
 * The pipeline options for parsed settings; `--fallback auto` is resolved here, at the edge, from
 * this host's locale (`null` on a UTF-8 host).
 */
export function toPipelineOptions(settings: CaptureSettings): PipelineOptions {
  const { fallback, ...rest } = settings;
  if (fallback !== 'auto') return { ...rest, fallback };
  const host = resolveHostFallback({
    platform: process.platform,
    env: process.env,
    windowsLocale: Intl.DateTimeFormat().resolvedOptions().locale,
  });
  return { ...rest, fallback: host };
}
