import * as z from 'zod';
import { commandReadSchema } from './format-command-read';
import { MAX_WAIT_MS, readKept, sessionIdField } from './read-output';
import type { ServerContext, Tool } from './tool';

/** The longest `text` one write may give, in characters. */
export const MAX_WRITE_CHARS = 64 * 1024;
/** How long `write_input` waits for the answer's output by default. */
const DEFAULT_WRITE_WAIT_MS = 2000;

const inputSchema = z.strictObject({
  session_id: sessionIdField,
  text: z
    .string()
    .max(MAX_WRITE_CHARS)
    .describe(
      'Written to the command\'s input as is: end it with "\\n" to send a line (an answer to a prompt).',
    ),
  wait_ms: z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_MS)
    .optional()
    .describe(`Milliseconds to wait for output after writing. Default ${DEFAULT_WRITE_WAIT_MS}.`),
});

/** The `write_input` tool: writes to a kept command's input, then reads as read_output does. */
export function createWriteInputTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'write_input',
    title: 'Answer a running command',
    description:
      'Writes text to the input of a command kept running by run_command (its terminal, with pty) — an answer to the prompt it waits on, a line for a REPL — then reads its output as read_output does.',
    inputSchema,
    outputSchema: commandReadSchema,
    readOnly: false,
    handle: async (input) => {
      await server.commands.get(input.session_id).command.write(input.text);
      return readKept(server.commands, input.session_id, input.wait_ms ?? DEFAULT_WRITE_WAIT_MS);
    },
  };
}
