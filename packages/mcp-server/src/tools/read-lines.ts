import { DEFAULT_MAX_LINES, readLines } from '@pipeguard/file-window';
import { LINES_PAGE_FIELDS, mcpView } from '@pipeguard/pipeline/options';
import { redactedFile } from '@pipeguard/secret-redactor';
import * as z from 'zod';
import { optionFieldShape, readOptionFields } from '../option-fields';
import { ToolInputError } from '../tool-input-error';
import { filePathField } from './file-path-field';
import { MAX_READ_BYTES } from './read-bytes';
import { resultSchema } from './result-schema';
import type { ServerContext, Tool } from './tool';

/** `max_lines` when the call gives none: the library's and the CLI's page, 2000 lines. */
export const DEFAULT_LINES = DEFAULT_MAX_LINES;
/** The most lines one call may ask for. */
export const MAX_LINES = 10_000;
/** `max_line_bytes` when the call gives none. */
export const DEFAULT_MAX_LINE_BYTES = 2000;
/** The largest `max_line_bytes` a call may ask for: 64 KiB. */
export const MAX_MAX_LINE_BYTES = 64 * 1024;
/** Line bytes one answer may hold at most (`max_lines` × `max_line_bytes`): 4 MiB, so that a default page (2000 × 2000) is never lowered. */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;

const inputSchema = z.strictObject({
  path: filePathField,
  ...optionFieldShape('read_lines', {
    fromLine: 'Give this or `from_byte`, not both.',
    fromByte:
      'E.g. the B of a "[line N, byte B]" excerpt or a truncation marker. Past the end: no lines, `eof` true. Finding the line scans the file up to the offset.',
    maxLines: `Default ${DEFAULT_LINES}, at most ${MAX_LINES}. Fewer are returned when \`max_lines\` × \`max_line_bytes\` exceeds ${MAX_PAGE_BYTES} bytes; \`next_line\` continues.`,
    maxLineBytes: `A longer line is cut with a marker giving the byte range of the rest (read it with read_bytes). Default ${DEFAULT_MAX_LINE_BYTES}, at most ${MAX_MAX_LINE_BYTES}.`,
  }),
});

const outputSchema = resultSchema(LINES_PAGE_FIELDS);

/** The `read_lines` tool: numbered lines of a file, each capped in bytes, streaming through any file size. */
export function createReadLinesTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'read_lines',
    title: 'Read lines of a file',
    description:
      'Returns numbered lines of a text file (from `from_line` or the line holding byte `from_byte`, at most `max_lines`), each cut at `max_line_bytes` ' +
      'with a marker giving the exact byte range left out, so one huge line (minified code, a log without ' +
      'newlines) cannot flood the answer. Works on files of any size, and on the spill files run_command names.',
    inputSchema,
    outputSchema,
    readOnly: true,
    handle: async (input) => {
      const { values, notes } = readOptionFields('read_lines', input);
      const {
        fromLine,
        fromByte,
        maxLines: asked = DEFAULT_LINES,
        maxLineBytes = DEFAULT_MAX_LINE_BYTES,
      } = values as { fromLine?: number; fromByte?: number; maxLines?: number; maxLineBytes?: number };
      if (fromByte !== undefined && fromLine !== undefined) {
        throw new ToolInputError(
          'from_byte',
          'and the "from_line" input cannot both be given: use one of them',
        );
      }
      if (asked > MAX_LINES)
        throw new ToolInputError('max_lines', `must be at most ${MAX_LINES}. Received ${asked}`);
      if (maxLineBytes < 1 || maxLineBytes > MAX_MAX_LINE_BYTES) {
        throw new ToolInputError(
          'max_line_bytes',
          `must be from 1 to ${MAX_MAX_LINE_BYTES} bytes (64KiB). Received ${maxLineBytes}`,
        );
      }
      // Without this bound 10 000 lines of 64 KiB would be a 655 MB answer, past what a server or a model holds.
      const maxLines = Math.min(asked, Math.max(1, Math.floor(MAX_PAGE_BYTES / maxLineBytes)));
      const handle = await server.readRoots.openFile(input.path as string, 'path');
      // Offsets stay the file's: a secret reads back as its marker padded to its length.
      const file = server.redact ? redactedFile(handle, server.redact) : handle;
      try {
        const page = await readLines(file, {
          ...(fromByte === undefined ? { fromLine: fromLine ?? 1 } : { fromByte }),
          maxLines,
          maxLineBytes,
          omittedPartHint: (clip) =>
            `read_bytes with path ${JSON.stringify(input.path)}, offset ${clip.omittedStart}, window_bytes ${Math.min(clip.omittedBytes, MAX_READ_BYTES)}`,
        });
        const more = page.eof ? '[end of file]' : `[more lines: next from_line ${page.nextLine}]`;
        const lowered =
          maxLines < asked && !page.eof
            ? `\n[max_lines ${asked} lowered to ${maxLines}: ${maxLines} lines of max_line_bytes ${maxLineBytes} fill the ${MAX_PAGE_BYTES}-byte answer limit]`
            : '';
        return {
          content: [...notes, `${page.text}\n${more}${lowered}`],
          structured: mcpView(LINES_PAGE_FIELDS, page),
        };
      } finally {
        await handle.close();
      }
    },
  };
}
