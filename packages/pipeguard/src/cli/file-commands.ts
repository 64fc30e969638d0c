import { FileWindowError, type LineClip, readBytesAsUtf8, readLines } from '@pipeguard/file-window';
import { endsAtLineStart, quoteShellArgument } from '@pipeguard/shared';
import { writeJson, writeNote, writeOut } from './output';
import type { CliCommand } from './parse-cli';
import { UsageError } from './usage-error';

type ReadCommand = Extract<CliCommand, { kind: 'read' }>;
type LinesCommand = Extract<CliCommand, { kind: 'lines' }>;

const FILE_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
};

/**
 * `pipeguard read FILE`: prints the UTF-8 window on stdout and, on stderr, the bytes it covers, the
 * trimmed edges, the invalid byte count and the command that reads on from the next offset.
 */
export async function readWindow({ file, offset, limit, json }: ReadCommand): Promise<number> {
  const window = await explainFileErrors(file, () => readBytesAsUtf8(file, { offset, limit }));
  if (json) {
    writeJson(window);
    return 0;
  }
  writeOut(window.text);
  if (process.stdout.isTTY && !endsAtLineStart(window.text)) writeOut('\n');
  const next = window.eof
    ? 'end of file'
    : `next offset ${window.nextOffset}: pipeguard read ${quoteShellArgument(file)} --offset ${window.nextOffset} --limit ${limit}`;
  writeNote(
    `read bytes ${window.offset} up to ${window.nextOffset} of ${window.fileSize}; trimmed ${window.trimmedStartBytes} ` +
      `at the start, ${window.trimmedEndBytes} at the end; ${window.invalidBytes} invalid bytes; ${next}`,
  );
  return 0;
}

/**
 * `pipeguard lines FILE`: prints numbered, byte-capped lines with their markers and a summary that
 * names the command reading the first clipped line's omitted part, and on stderr the next page's.
 */
export async function readNumberedLines({
  file,
  from,
  count,
  maxLineBytes,
  json,
}: LinesCommand): Promise<number> {
  const quoted = quoteShellArgument(file);
  const omittedPartHint = (clip: LineClip) =>
    `pipeguard read ${quoted} --offset ${clip.omittedStart} --limit ${clip.omittedBytes}`;
  const page = await explainFileErrors(file, () =>
    readLines(file, { offset: from, limit: count, maxLineBytes, omittedPartHint }),
  );
  if (json) {
    writeJson(page);
    return 0;
  }
  writeOut(`${page.text}\n`);
  if (!page.eof) writeNote(`more lines: pipeguard lines ${quoted} --from ${page.nextLine}`);
  return 0;
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
