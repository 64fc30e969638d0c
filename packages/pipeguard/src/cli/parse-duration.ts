const DURATION_PATTERN = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration such as `30s`, `500ms`, `2m`, `1.5h` or `none` (which is `null`) into whole
 * milliseconds; a bare number is seconds, as coreutils `timeout` reads it. Returns `undefined` for
 * anything else, including zero, so the caller can word its own error.
 */
export function parseDuration(text: string): number | null | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'none') return null;
  const match = DURATION_PATTERN.exec(trimmed);
  if (!match) return undefined;
  const ms = Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? 's'] as number));
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}
