import type { Capture } from '@pipeguard/pipeline';

/** Writes text to stdout (nothing for empty text). */
export function writeOut(text: string): void {
  if (text !== '') process.stdout.write(text);
}

/** Writes a `pipeguard: …` note on its own line to stderr. */
export function writeNote(note: string): void {
  process.stderr.write(`pipeguard: ${note}\n`);
}

/** Prints a result object whole, for programs: `--json`. */
export function writeJson(value: unknown): void {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A capture's text as it should reach a terminal or a file: unchanged, except that a head marker,
 * which ends the text, gets a newline so the next output starts on its own line (a placeholder ends
 * with one already). The command's own last bytes, as in a tail, stay exactly as it wrote them.
 */
export function printable(capture: Capture): string {
  const { text, marker, markerIndex } = capture;
  const endsWithMarker =
    marker !== null && markerIndex !== null && markerIndex + marker.length === text.length;
  return endsWithMarker ? `${text}\n` : text;
}

/** Ignores EPIPE on stdout and stderr, so `pipeguard … | head` ends quietly. */
export function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
