import type { Capture } from '@pipeguard/pipeline';
import { endsAtLineStart } from '@pipeguard/shared';

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
 * A capture's text as it should reach a terminal or a file: unchanged, except that a head marker
 * (which ends the text without a newline) gets one, so the next output starts on its own line.
 */
export function printable(capture: Capture): string {
  return capture.truncated && !endsAtLineStart(capture.text) ? `${capture.text}\n` : capture.text;
}

/** Ignores EPIPE on stdout and stderr, so `pipeguard … | head` ends quietly. */
export function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
