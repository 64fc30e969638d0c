/** How deep a request body's arrays and objects may nest: an MCP message needs a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the arrays and objects of a JSON text nest deeper than `maxDepth`, judged before it is parsed
 * (`JSON.parse` would build every level first: 2 million `[` in 4 MB cost the server about 250 MiB).
 * Only brackets outside strings count; the scan jumps between them with native regular expressions and
 * stops at the first level too deep. The text need not be valid JSON: the parser judges that after.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  const structure = /["[\]{}]/g;
  const stringEnd = /["\\]/g;
  let depth = 0;
  for (let found = structure.exec(text); found !== null; found = structure.exec(text)) {
    const char = found[0];
    if (char === '"') {
      stringEnd.lastIndex = found.index + 1;
      let end = stringEnd.exec(text);
      // A backslash escapes the character after it, a quote among them.
      while (end !== null && end[0] === '\\') {
        stringEnd.lastIndex = end.index + 2;
        end = stringEnd.exec(text);
      }
      if (end === null) return false;
      structure.lastIndex = end.index + 1;
    } else if (char === '[' || char === '{') {
      if (++depth > maxDepth) return true;
    } else {
      depth--;
    }
  }
  return false;
}
