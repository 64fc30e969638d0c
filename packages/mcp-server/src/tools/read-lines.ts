import { readLines } from '@pipeguard/file-window';
import * as z from 'zod';
import { redactedFile } from '../redacted-file';
import { ToolInputError } from '../tool-input-error';
import { filePathField } from './file-path-field';
import { MAX_READ_BYTES } from './read-bytes';
import type { ServerContext, Tool } from './tool';

/** `limit` when the call gives none. */
export const DEFAULT_LINES = 500;
/** The most lines one call may ask for. */
export const MAX_LINES = 10_000;
/** `max_line_bytes` when the call gives none. */
export const DEFAULT_MAX_LINE_BYTES = 2000;
/** The largest `max_line_bytes` a call may ask for: 64 KiB. */
export const MAX_MAX_LINE_BYTES = 64 * 1024;
/** Line bytes one answer may hold at most (`limit` × `max_line_bytes`): 1 MiB, as `read_bytes`' `length`. */
export const MAX_PAGE_BYTES = 1024 * 1024;

const inputSchema = z.strictObject({
  path: filePathField,
  start_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      '1-based number of the first line to return. Default 1. Give this or `start_offset`, not both.',
    ),
  start_offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'Byte offset in the file to start at instead of `start_line`, e.g. the B of a "[line N, byte B]" excerpt or a truncation marker: the page starts at the beginning of the line holding that byte, and lines keep their numbers counted from the start of the file. Past the end: no lines, `eof` true. Finding the line scans the file up to the offset.',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_LINES)
    .optional()
    .describe(
      `Most lines to return. Default ${DEFAULT_LINES}. Fewer are returned when \`limit\` × \`max_line_bytes\` exceeds ${MAX_PAGE_BYTES} bytes (then at most ${MAX_PAGE_BYTES} / \`max_line_bytes\`); \`next_line\` continues.`,
    ),
  max_line_bytes: z
    .number()
    .int()
    .min(1)
    .max(MAX_MAX_LINE_BYTES)
    .optional()
    .describe(
      `Bytes shown of each line; a longer line is cut with a marker giving the byte range of the rest (read it with read_bytes). Default ${DEFAULT_MAX_LINE_BYTES}.`,
    ),
});

const outputSchema = z.object({
  text: z
    .string()
    .describe('The lines numbered as `cat -n` does, clipped ones with a marker, then a summary.'),
  first_line: z.number(),
  line_count: z.number(),
  next_line: z.number().describe('Pass as `start_line` to read on.'),
  eof: z.boolean(),
  clipped: z
    .array(z.object({ line: z.number(), omitted_start: z.number(), omitted_bytes: z.number() }))
    .describe('Each clipped line and the byte range of its omitted part.'),
});

/** The `read_lines` tool: numbered lines of a file, each capped in bytes, streaming through any file size. */
export function createReadLinesTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'read_lines',
    title: 'Read lines of a file',
    description:
      'Returns numbered lines of a text file (from `start_line` or the line holding byte `start_offset`, at most `limit`), each cut at `max_line_bytes` ' +
      'with a marker giving the exact byte range left out, so one huge line (minified code, a log without ' +
      'newlines) cannot flood the answer. Works on files of any size, and on the spill files run_command names.',
    inputSchema,
    outputSchema,
    readOnly: true,
    handle: async (input) => {
      if (input.start_offset !== undefined && input.start_line !== undefined) {
        throw new ToolInputError(
          'start_offset',
          'and the "start_line" input cannot both be given: use one of them',
        );
      }
      const maxLineBytes = input.max_line_bytes ?? DEFAULT_MAX_LINE_BYTES;
      const asked = input.limit ?? DEFAULT_LINES;
      // Without this bound 10 000 lines of 64 KiB would be a 655 MB answer, past what a server or a model holds.
      const maxLines = Math.min(asked, Math.max(1, Math.floor(MAX_PAGE_BYTES / maxLineBytes)));
      const handle = await server.readRoots.openFile(input.path, 'path');
      // Offsets stay the file's: a secret reads back as its marker padded to its length.
      const file = server.redact ? redactedFile(handle, server.redact) : handle;
      try {
        const page = await readLines(file, {
          ...(input.start_offset === undefined
            ? { fromLine: input.start_line ?? 1 }
            : { fromByte: input.start_offset }),
          maxLines,
          maxLineBytes,
          omittedPartHint: (clip) =>
            `read_bytes with path ${JSON.stringify(input.path)}, offset ${clip.omittedStart}, length ${Math.min(clip.omittedBytes, MAX_READ_BYTES)}`,
        });
        const more = page.eof ? '[end of file]' : `[more lines: next start_line ${page.nextLine}]`;
        const lowered =
          maxLines < asked && !page.eof
            ? `\n[limit ${asked} lowered to ${maxLines}: ${maxLines} lines of max_line_bytes ${maxLineBytes} fill the ${MAX_PAGE_BYTES}-byte answer limit]`
            : '';
        return {
          content: [`${page.text}\n${more}${lowered}`],
          structured: {
            text: page.text,
            first_line: page.firstLine,
            line_count: page.lineCount,
            next_line: page.nextLine,
            eof: page.eof,
            clipped: page.clipped.map((clip) => ({
              line: clip.line,
              omitted_start: clip.omittedStart,
              omitted_bytes: clip.omittedBytes,
            })),
          },
        };
      } finally {
        await handle.close();
      }
    },
  };
}
