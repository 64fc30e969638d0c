import type { FileHandle } from 'node:fs/promises';
import { FileWindowError, type LineClip, readBytesAsUtf8, readLines } from '@pipeguard/file-window';
import { type RedactOptions, redactedFile } from '@pipeguard/secret-redactor';
import { quoteShellArgument } from '@pipeguard/shared';
import { countOf } from './count-of';
import { guardFile } from './file-guard';
import { writeJson, writeNote, writeOut } from './output';
import type { CliCommand, GivenOption } from './parse-cli';
import { UsageError } from './usage-error';

type ReadCommand = Extract<CliCommand, { kind: 'read' }>;
type LinesCommand = Extract<CliCommand, { kind: 'lines' }>;

const FILE_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
};

/**
 * The same command again with every option it was given, `changes` replacing (or, as `null`,
 * dropping) some: a hint an agent can follow and get a page of the same shape.
 */
function commandAgain(
  kind: 'read' | 'lines',
  file: string,
  given: readonly GivenOption[],
  changes: Readonly<Record<string, string | null>>,
): string {
  const words = ['pipeguard', kind, file];
  for (const [name, text] of given) {
    if (name in changes) continue;
    words.push(`--${name}`, ...(text === undefined ? [] : [text]));
  }
  for (const [name, text] of Object.entries(changes)) if (text !== null) words.push(`--${name}`, text);
  return words.map(quoteShellArgument).join(' ');
}

/**
 * `pipeguard read FILE`: prints the UTF-8 window on stdout and, on stderr, the bytes it covers, the
 * trimmed edges, the ill-formed byte count and the command that reads on from the next offset.
 */
export async function readWindow({ file, options, given, json }: ReadCommand): Promise<number> {
  const { binaryGuard, redact, profile, ...windowOptions } = options;
  const window = await explainFileErrors(file, () =>
    withRedaction(file, redactOf(redact, profile), (input) => readBytesAsUtf8(input, windowOptions)),
  );
  const withheld =
    binaryGuard === false
      ? null
      : await guardFile(file, 'read', await readRaw(file, window.offset, window.byteLength));
  if (withheld !== null) return printWithheld('read', file, withheld, json);
  if (json) {
    writeJson('read', window);
    return 0;
  }
  writeOut(window.text);
  const stuck = window.nextOffset === window.offset;
  // An empty window (--window-bytes 0) must not suggest itself again: the hint drops it then.
  const next = window.eof
    ? 'end of file'
    : `next offset ${window.nextOffset}: ${commandAgain('read', file, given, {
        offset: String(window.nextOffset),
        ...(stuck ? { 'window-bytes': null } : {}),
      })}`;
  writeNote(
    `read bytes ${window.offset} up to ${window.nextOffset} of ${window.fileSize}; trimmed ${window.trimmedStartBytes} ` +
      `at the start, ${window.trimmedEndBytes} at the end; ${countOf(window.illFormedBytes, 'ill-formed byte')}; ${next}`,
  );
  return 0;
}

/**
 * `pipeguard lines FILE`: prints numbered, byte-capped lines with their markers and a summary that
 * names the command reading the first clipped line's omitted part, and on stderr the next page's.
 */
export async function readNumberedLines({ file, options, given, json }: LinesCommand): Promise<number> {
  const { binaryGuard, redact, profile, ...pageOptions } = options;
  const redacting = redactOf(redact, profile);
  // The hint reads the omitted part redacted when this page is: a secret must not be one command away.
  const omittedPartHint = (clip: LineClip) =>
    commandAgain('read', file, redacting === null ? [] : [['redact', undefined]], {
      offset: String(clip.omittedStart),
      'window-bytes': String(clip.omittedBytes),
    });
  const page = await explainFileErrors(file, () =>
    withRedaction(file, redacting, (input) => readLines(input, { ...pageOptions, omittedPartHint })),
  );
  // The file's first 64 KiB decide, as `file` and grep decide: a page of a binary file is noise.
  const withheld =
    binaryGuard === false ? null : await guardFile(file, 'lines', await readRaw(file, 0, 65_536));
  if (withheld !== null) return printWithheld('lines', file, withheld, json);
  if (json) {
    writeJson('lines', page);
    return 0;
  }
  writeOut(`${page.text}\n`);
  if (!page.eof)
    writeNote(`more lines: ${commandAgain('lines', file, given, { 'from-line': String(page.nextLine) })}`);
  return 0;
}

function printWithheld(kind: 'read' | 'lines', file: string, placeholder: string, json: boolean): number {
  if (json) writeJson(kind, { file, binaryWithheld: true, placeholder });
  else writeOut(`${placeholder}\n`);
  return 0;
}

/** The redactor's options for `--redact` (on under `--agent`, off with `--no-redact`), or `null`. */
function redactOf(redact: unknown, profile: unknown): RedactOptions | null {
  // The environment's secrets are pipeguard's own: a file may hold them as a command's output would.
  return (redact ?? profile === 'agent') === true ? { env: process.env } : null;
}

/** Runs `read` on the file itself, or on a handle whose reads mask every secret in place (offsets stay). */
async function withRedaction<T>(
  file: string,
  redact: RedactOptions | null,
  read: (input: string | FileHandle) => Promise<T>,
): Promise<T> {
  if (redact === null) return read(file);
  const { open } = await import('node:fs/promises');
  const handle = await open(file, 'r');
  try {
    return await read(redactedFile(handle, redact));
  } finally {
    await handle.close();
  }
}

/** `length` raw bytes of `file` from `offset`. */
async function readRaw(file: string, offset: number, length: number): Promise<Buffer> {
  // Loaded here: node:fs/promises (and the readline it pulls in) would cost every start of the bin.
  const { open } = await import('node:fs/promises');
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Turns a file that cannot be read into a usage error naming it, rather than a stack trace. */
async function explainFileErrors<T>(file: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof FileWindowError) throw new UsageError(error.message.replace(/^C/, 'c'));
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || !code.startsWith('E') || code.startsWith('ERR_')) throw error;
    throw new UsageError(`cannot read '${file}': ${FILE_ERRORS[code] ?? (error as Error).message}`);
  }
}
