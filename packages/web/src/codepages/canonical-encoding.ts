/**
 * An encoding name as iconv-lite compares it (and so the Node stage's `fallback` option): lower case,
 * only letters and digits, without a trailing `:NNNN` year, so `Windows-1251`, `CP1251` and
 * `windows1251` are one name.
 */
export function canonicalEncoding(encoding: string): string {
  return encoding.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, '');
}
