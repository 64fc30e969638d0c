import { fstatSync } from 'node:fs';
import type { Capture } from '@pipeguard/pipeline';
import { endsAtLineStart } from '@pipeguard/shared';

/** Version of the `--json` shape, described by the package's `schema.json`. */
export const JSON_SCHEMA_VERSION = 1;

/** pipeguard's own output streams. */
export type OutputName = 'stdout' | 'stderr';

/** What ended writing to one of pipeguard's streams: its reader left (EPIPE), or another error. */
export interface OutputFailure {
  name: OutputName;
  error: NodeJS.ErrnoException;
}

// Whether each stream's last byte written ends a line, so a note can start a line of its own.
const atLineStart = { stdout: true, stderr: true };
// The first failure of either stream, and who wants to hear of it: process-wide, as the streams are.
let failure: OutputFailure | null = null;
const failureListeners = new Set<(failure: OutputFailure) => void>();
const watched = { stdout: false, stderr: false };

/** Writes text to stdout (nothing for empty text); returns `false` when the stream wants a drain. */
export function writeOut(text: string): boolean {
  return write('stdout', text);
}

/** Writes the command's own stderr text to stderr. */
export function writeErr(text: string): boolean {
  return write('stderr', text);
}

/**
 * Writes text to stdout or stderr, keeping track of whether it ended a line. Once a stream has
 * failed (its reader left), what is written to it is dropped: `true`, nothing to wait for.
 */
export function write(name: OutputName, text: string): boolean {
  if (text === '' || failedStream(name)) return true;
  atLineStart[name] = endsAtLineStart(text);
  return output(name).write(text);
}

/** Whether the last text written to `name` ended a line (or nothing was written to it). */
export function isAtLineStart(name: OutputName): boolean {
  return atLineStart[name];
}

/**
 * Resolves once `name` has taken what it was given ('drain'), or can take nothing more (its reader
 * left): a writer waiting on it never waits for a 'drain' that will not come.
 */
export function whenWritable(name: OutputName): Promise<void> {
  if (failedStream(name) || !output(name).writableNeedDrain) return Promise.resolve();
  return drained(name);
}

/** Resolves at the next 'drain' or 'close' of `name`, or at a failure of either stream. */
function drained(name: OutputName): Promise<void> {
  const stream = process[name];
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      failureListeners.delete(done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    failureListeners.add(done);
  });
}

/**
 * Resolves once what was written to stdout and stderr has been taken, or failed: a reader that left
 * while the last output was written is known only then (Node reports EPIPE a tick after the write).
 * An empty write is called back after every write before it ('drain' comes only after a full buffer).
 */
export async function flushOutput(): Promise<void> {
  // Nothing written, nothing to flush or to fail: a run that printed nothing exits without another turn.
  if (!watched.stdout && !watched.stderr) return;
  const flushed = (['stdout', 'stderr'] as const).map((name) => {
    if (!watched[name] || failedStream(name)) return undefined;
    return new Promise<void>((resolve) => {
      const done = () => {
        failureListeners.delete(done);
        resolve();
      };
      failureListeners.add(done);
      process[name].write('', () => done());
    });
  });
  await Promise.all(flushed);
  await new Promise((resolve) => setImmediate(resolve));
}

/** The first failure of pipeguard's stdout or stderr (EPIPE: its reader left), or `null`. */
export function outputFailure(): OutputFailure | null {
  return failure;
}

/** Calls `listener` at the first failure of stdout or stderr; returns the remover. */
export function onOutputFailure(listener: (failure: OutputFailure) => void): () => void {
  if (failure !== null) {
    listener(failure);
    return () => {};
  }
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/**
 * Writes a `pipeguard: …` note to stderr, starting a line of its own: after stderr text cut
 * mid-line, and after stdout text cut mid-line when both streams go to the same terminal or file.
 */
export function writeNote(note: string): void {
  if (failedStream('stderr')) return;
  const stdoutShowsHere = !atLineStart.stdout && sameDestination();
  const lineBreak = !atLineStart.stderr || stdoutShowsHere ? '\n' : '';
  output('stderr').write(`${lineBreak}pipeguard: ${note}\n`);
  atLineStart.stderr = true;
  if (stdoutShowsHere) atLineStart.stdout = true;
}

/** Whether stdout and stderr are one file, pipe or terminal (`2>&1`, or both on a terminal). */
export function sameDestination(): boolean {
  try {
    // bigint: a plain fstat of a pipe leaves S_IFIFO in the array realpathSync reads for cached path
    // components, which cuts module resolution short (a pnpm layout then fails to load a dependency).
    const [out, err] = [fstatSync(1, { bigint: true }), fstatSync(2, { bigint: true })];
    return out.dev === err.dev && out.ino === err.ino && out.rdev === err.rdev;
  } catch {
    return false;
  }
}

/** Prints a result object whole, for programs: `--json`, with the command and schema version first. */
export function writeJson(command: string, value: object): void {
  const document = { schemaVersion: JSON_SCHEMA_VERSION, command, ...value };
  writeOut(`${JSON.stringify(document, bytesAsBase64, 2)}\n`);
}

/** Raw bytes (an excerpt's) as base64 text, as schema.json says, not as Buffer's `{ type, data }`. */
function bytesAsBase64(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const own = this[key];
  return own instanceof Uint8Array
    ? Buffer.from(own.buffer, own.byteOffset, own.byteLength).toString('base64')
    : value;
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

/** Whether `name` can take no more: it failed, or was destroyed after the other one did. */
function failedStream(name: OutputName): boolean {
  return failure?.name === name || (watched[name] && process[name].destroyed);
}

/**
 * `process.stdout` or `process.stderr`, watched for errors from its first use on: the first one (EPIPE
 * when `pipeguard … | head` is done reading) is recorded and told to the listeners, so the run ends as
 * a shell pipeline's does. Opened only when written to: a run that prints nothing does not pay for it.
 */
export function output(name: OutputName): NodeJS.WriteStream {
  const stream = process[name];
  if (!watched[name]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (failure !== null) return;
      failure = { name, error };
      for (const listener of [...failureListeners]) listener(failure);
      failureListeners.clear();
    });
    watched[name] = true;
  }
  return stream;
}
