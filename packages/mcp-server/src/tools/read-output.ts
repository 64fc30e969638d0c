import * as z from 'zod';
import type { CommandSessions } from '../command-sessions';
import { commandReadSchema, formatCommandRead } from './format-command-read';
import type { ServerContext, Tool, ToolOutcome } from './tool';

/** The longest `wait_ms` a read may ask for: below the 60 s a client SDK waits for an answer by default. */
export const MAX_WAIT_MS = 50_000;

/** The `session_id` field every tool on a kept command takes. */
export const sessionIdField = z
  .string()
  .min(1)
  .max(100)
  .describe('The session_id run_command answered with.');

const inputSchema = z.strictObject({
  session_id: sessionIdField,
  wait_ms: z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_MS)
    .optional()
    .describe(
      `Milliseconds to wait for new output when there is none yet (at most ${MAX_WAIT_MS}); the answer comes as soon as there is output, the command ends, or it waits for input. Default 0: answer at once.`,
    ),
});

/** Reads a kept command's output since the last read; forgets the command once its end has been read. */
export async function readKept(commands: CommandSessions, id: string, waitMs: number): Promise<ToolOutcome> {
  const session = commands.get(id);
  const read = await session.command.read({ waitMs });
  if (!read.running) await commands.forget(id);
  return formatCommandRead(read, session);
}

/** The `read_output` tool: a kept command's output since the last read, bounded and made safe as run_command's. */
export function createReadOutputTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'read_output',
    title: 'Read a running command',
    description:
      "Reads the output a command kept running by run_command (its session_id) wrote since the last read, bounded and tidied as run_command's, with whether it still runs, its exit code once ended, and the prompt when it waits for input. With wait_ms it waits for new output first (a long poll). unsettled names, per stream, the text at the end that may still change (shown again by the next read as it then stands, less its first unchanged characters). Once a read reports the end, the session is gone; a cancelled run_command's output is read here too.",
    inputSchema,
    outputSchema: commandReadSchema,
    readOnly: true,
    handle: (input) => readKept(server.commands, input.session_id, input.wait_ms ?? 0),
  };
}
