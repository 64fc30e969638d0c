const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
};
const SIZE_PATTERN = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i;

/** Formats a byte count for people: `512 B`, `64 KiB`, `1.5 MiB`, `3.2 GiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 100 || Number.isInteger(value) ? Math.round(value) : Number(value.toFixed(1));
  return `${rounded} ${units[unit]}`;
}

/**
 * Parses a byte size such as `2000`, `64KiB`, `1MiB`, `1.5 GB` or `none` (which is `null`).
 * Returns `undefined` for anything else, so callers can word their own error.
 */
export function parseBytes(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'none') return null;
  const match = SIZE_PATTERN.exec(trimmed);
  if (!match) return undefined;
  const multiplier = UNITS[(match[2] || 'b').toLowerCase()];
  if (multiplier === undefined) return undefined;
  const bytes = Number(match[1]) * multiplier;
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}
