import { DEFAULT_WINDOW_BYTES, readBytesAsUtf8 } from '@pipeguard/file-window';
import { mcpView, UTF8_WINDOW_FIELDS } from '@pipeguard/pipeline/options';
import { redactedFile } from '@pipeguard/secret-redactor';
import * as z from 'zod';
import { optionFieldShape, readOptionFields } from '../option-fields';
import { ToolInputError } from '../tool-input-error';
import { filePathField } from './file-path-field';
import { resultSchema } from './result-schema';
import type { ServerContext, Tool } from './tool';

/** `window_bytes` when the call gives none: 64 KiB, the library's. */
export const DEFAULT_READ_BYTES = DEFAULT_WINDOW_BYTES;
/** The largest `window_bytes` one call may ask for: 1 MiB. */
export const MAX_READ_BYTES = 1024 * 1024;

const inputSchema = z.strictObject({
  path: filePathField,
  ...optionFieldShape('read_bytes', {
    offset: 'E.g. the offset a truncation marker names. Default 0.',
    windowBytes: `Default ${DEFAULT_READ_BYTES}, at most ${MAX_READ_BYTES}.`,
  }),
});

const outputSchema = resultSchema(UTF8_WINDOW_FIELDS);

/** The `read_bytes` tool: a window of a file by byte offset, decoded as UTF-8 without cutting a character. */
export function createReadBytesTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'read_bytes',
    title: 'Read bytes of a file',
    description:
      'Reads `window_bytes` bytes of a file from byte `offset` and decodes them as UTF-8, never cutting a character ' +
      '(edges move to character boundaries). Use it for a byte range a truncation marker or a clipped line names, ' +
      'or to page through a file with no useful line structure; it returns `next_offset` to continue from.',
    inputSchema,
    outputSchema,
    readOnly: true,
    handle: async (input) => {
      const { values, notes } = readOptionFields('read_bytes', input);
      const { offset = 0, windowBytes = DEFAULT_READ_BYTES } = values as {
        offset?: number;
        windowBytes?: number;
      };
      if (windowBytes < 1 || windowBytes > MAX_READ_BYTES) {
        const field = (input as Record<string, unknown>).length === undefined ? 'window_bytes' : 'length';
        throw new ToolInputError(
          field,
          `must be from 1 to ${MAX_READ_BYTES} bytes (1MiB). Received ${windowBytes}`,
        );
      }
      const handle = await server.readRoots.openFile(input.path as string, 'path');
      // Offsets stay the file's: a secret reads back as its marker padded to its length.
      const file = server.redact ? redactedFile(handle, server.redact) : handle;
      try {
        const window = await readBytesAsUtf8(file, { offset, windowBytes });
        const range = `[bytes ${window.offset}–${window.nextOffset} of ${window.fileSize}; ${window.eof ? 'end of file' : `next offset ${window.nextOffset}`}]`;
        return {
          content: [...notes, range, window.text],
          structured: mcpView(UTF8_WINDOW_FIELDS, window),
        };
      } finally {
        await handle.close();
      }
    },
  };
}
