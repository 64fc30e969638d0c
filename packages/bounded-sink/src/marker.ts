/** The exact words of a truncation marker: `...[stdout truncated: N of M bytes omitted; limit is L bytes]`. */
export function formatTruncationMarker(
  label: string,
  omittedBytes: number,
  totalBytes: number,
  limit: number,
): string {
  return `...[${label} truncated: ${omittedBytes} of ${totalBytes} bytes omitted; limit is ${limit} bytes]`;
}
