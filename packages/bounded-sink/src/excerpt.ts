/**
 * A line a bounded sink kept from the omitted part: a matching line or one of its context lines.
 * `Bytes` is the kind of byte array: `Uint8Array` from a core, `Buffer` from the Node stage.
 */
export interface MatchExcerpt<Bytes extends Uint8Array = Uint8Array> {
  /** Line number in the sink's input, from 1. */
  line: number;
  /** Byte offset of the excerpt's first byte, from 0, mapped through `sourceOffsetOf` (raw when mapped); `null` when unmapped. */
  offset: number | null;
  /** Byte offset of the excerpt's first byte in the sink's own input. */
  sinkOffset: number;
  /** The line's first bytes as written (its line feed included when the whole line fits), cut at a character boundary. */
  bytes: Bytes;
  /** Whether the line matched a pattern (`false`: a context line). */
  matched: boolean;
}

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The address an excerpt line starts with: `[line 10233, byte 412877] `. */
export function formatExcerptAddress(excerpt: MatchExcerpt<Uint8Array>): string {
  return `[line ${excerpt.line}, byte ${excerpt.offset ?? '?'}] `;
}

/**
 * The text block of excerpts placed after the marker: one line each, `[line N, byte B] ` then the
 * line; a line cut short (by `maxMatchLineBytes` or the end of the omitted part) ends with ` ...[line cut]`.
 * `decode` turns an excerpt's bytes into text (UTF-8 with replacement unless given).
 */
export function formatExcerpts<Bytes extends Uint8Array>(
  excerpts: readonly MatchExcerpt<Bytes>[],
  decode: (bytes: Bytes) => string = (bytes) => UTF8.decode(bytes),
): string {
  let text = '';
  for (const excerpt of excerpts) {
    const whole = excerpt.bytes.at(-1) === 0x0a;
    text += `${formatExcerptAddress(excerpt)}${decode(excerpt.bytes)}${whole ? '' : ' ...[line cut]\n'}`;
  }
  return text;
}
