/**
 * Whether text appended after `text` starts on a line of its own: `text` is empty or ends with a
 * line feed. Markers, placeholders and the CLI's output each put a newline in front only when not.
 */
export function endsAtLineStart(text: string): boolean {
  return text === '' || text.endsWith('\n');
}
