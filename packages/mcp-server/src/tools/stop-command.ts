import * as z from 'zod';
import { formatRunResult } from './format-run-result';
import { sessionIdField } from './read-output';
import type { ServerContext, Tool } from './tool';

const inputSchema = z.strictObject({ session_id: sessionIdField });

/** The `stop_command` tool: ends a kept command's whole process group and returns its unread output. */
export function createStopCommandTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'stop_command',
    title: 'Stop a running command',
    description:
      'Ends a command kept running by run_command (its session_id) and everything it started: SIGTERM, then SIGKILL after 2 s. Returns what it wrote since the last read and how it ended, as run_command does; the session is gone.',
    inputSchema,
    outputSchema: z.object({}).passthrough(),
    readOnly: false,
    handle: async (input) => {
      const { timeoutMs } = server.commands.get(input.session_id);
      const result = await server.commands.stop(input.session_id);
      return formatRunResult(result, timeoutMs, ['Stopped with stop_command.']);
    },
  };
}
