import { fstatSync } from 'node:fs';
import type { Capture } from '@pipeguard/pipeline';
import { endsAtLineStart } from '@pipeguard/shared';

/** Version of the `--json` shape, described by the package's `schema.json`. */
export const JSON_SCHEMA_VERSION = 1;

// Whether each stream's last byte written ends a line, so a note can start a line of its own.
const atLineStart = { stdout: true, stderr: true };

/** Writes text to stdout (nothing for empty text); resolves `false` when the stream wants a drain. */
export function writeOut(text: string): boolean {
  return write('stdout', text);
}

/** Writes the command's own stderr text to stderr. */
export function writeErr(text: string): boolean {
  return write('stderr', text);
}

/** Writes text to stdout or stderr, keeping track of whether it ended a line. */
export function write(name: 'stdout' | 'stderr', text: string): boolean {
  if (text === '') return true;
  atLineStart[name] = endsAtLineStart(text);
  return output(name).write(text);
}

/**
 * Writes a `pipeguard: …` note to stderr, starting a line of its own: after stderr text cut
 * mid-line, and after stdout text cut mid-line when both streams go to the same terminal or file.
 */
export function writeNote(note: string): void {
  const stdoutShowsHere = !atLineStart.stdout && sameDestination();
  const lineBreak = !atLineStart.stderr || stdoutShowsHere ? '\n' : '';
  output('stderr').write(`${lineBreak}pipeguard: ${note}\n`);
  atLineStart.stderr = true;
  if (stdoutShowsHere) atLineStart.stdout = true;
}

/** Whether stdout and stderr are one file, pipe or terminal (`2>&1`, or both on a terminal). */
function sameDestination(): boolean {
  try {
    const [out, err] = [fstatSync(1), fstatSync(2)];
    return out.dev === err.dev && out.ino === err.ino && out.rdev === err.rdev;
  } catch {
    return false;
  }
}

/** Prints a result object whole, for programs: `--json`, with the command and schema version first. */
export function writeJson(command: string, value: object): void {
  const document = { schemaVersion: JSON_SCHEMA_VERSION, command, ...value };
  writeOut(`${JSON.stringify(document, null, 2)}\n`);
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

const quiet = { stdout: false, stderr: false };

/**
 * `process.stdout` or `process.stderr`, ignoring EPIPE from its first use on, so `pipeguard … | head`
 * ends quietly. Opened only when written to: a run that prints nothing does not pay for the streams.
 */
export function output(name: 'stdout' | 'stderr'): NodeJS.WriteStream {
  const stream = process[name];
  if (!quiet[name]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    quiet[name] = true;
  }
  return stream;
}
