/**
 * The exact words of a truncation marker: `...[stdout truncated: N of M bytes omitted; limit is L bytes]`,
 * with `; K of X matching lines kept` before the bracket when the omitted part had matching lines.
 */
export function formatTruncationMarker(
  label: string,
  omittedBytes: number,
  totalBytes: number,
  limit: number,
  matches?: { kept: number; matched: number },
): string {
  const found = matches ? `; ${matches.kept} of ${matches.matched} matching lines kept` : '';
  return `...[${label} truncated: ${omittedBytes} of ${totalBytes} bytes omitted; limit is ${limit} bytes${found}]`;
}
