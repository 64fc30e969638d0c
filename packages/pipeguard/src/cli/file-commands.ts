import { FileWindowError, type LineClip, readBytesAsUtf8, readLines } from '@pipeguard/file-window';
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
  const { binaryGuard, ...windowOptions } = options;
  const window = await explainFileErrors(file, () => readBytesAsUtf8(file, windowOptions));
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
  const { binaryGuard, ...pageOptions } = options;
  const omittedPartHint = (clip: LineClip) =>
    commandAgain('read', file, [], {
      offset: String(clip.omittedStart),
      'window-bytes': String(clip.omittedBytes),
    });
  const page = await explainFileErrors(file, () => readLines(file, { ...pageOptions, omittedPartHint }));
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
