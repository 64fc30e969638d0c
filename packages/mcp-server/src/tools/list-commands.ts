import * as z from 'zod';
import type { ServerContext, Tool } from './tool';

const inputSchema = z.strictObject({});

const outputSchema = z.object({
  commands: z.array(
    z.object({
      session_id: z.string(),
      command: z.string(),
      state: z.enum(['running', 'waiting-for-input', 'exited']),
      started_at: z.string().describe('ISO 8601.'),
      prompt: z.string().nullable().describe('What it asks, when it waits for input.'),
      cancelled: z
        .boolean()
        .describe('Its run_command call was cancelled: it was ended, and read_output gives what it printed.'),
    }),
  ),
});

/** The `list_commands` tool: the commands this client keeps running. */
export function createListCommandsTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'list_commands',
    title: 'List running commands',
    description:
      'Lists the commands run_command kept running for this client: session_id, command, state (running, waiting-for-input, exited but not yet read) and the prompt of one waiting for input. A cancelled run_command gets no answer: its command is ended and listed here (cancelled: true, state exited) until read_output gives what it printed.',
    inputSchema,
    outputSchema,
    readOnly: true,
    handle: async () => {
      const commands = server.commands.list().map((session) => ({
        session_id: session.id,
        command: session.display,
        state: session.command.state,
        started_at: new Date(session.startedAt).toISOString(),
        prompt: session.command.inputWait?.prompt ?? null,
        cancelled: session.cancelled,
      }));
      const lines = commands.map(
        (entry) =>
          `${entry.session_id}  ${entry.state}${entry.cancelled ? ' (cancelled)' : ''}  ${entry.command}${entry.prompt === null ? '' : `  asks ${JSON.stringify(entry.prompt)}`}`,
      );
      return {
        content: [commands.length === 0 ? 'No commands are kept running.' : lines.join('\n')],
        structured: { commands },
      };
    },
  };
}
