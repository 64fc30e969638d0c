const DURATION_PATTERN = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration such as `30s`, `1500ms`, `2m`, `1.5h`, `none` (which is `null`) or a bare number,
 * which is milliseconds on every surface, into whole milliseconds. Returns `undefined` for anything
 * else, including zero, so callers can word their own error.
 */
export function parseDuration(text: string): number | null | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'none') return null;
  const match = DURATION_PATTERN.exec(trimmed);
  if (!match) return undefined;
  const ms = Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] as number));
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** Whether a duration's text has no unit (`30`), the form whose meaning changed on the CLI. */
export const isBareNumber = (text: string): boolean => /^\s*\d+(?:\.\d+)?\s*$/.test(text);
