import { AbortError, PtyUnavailableError, RunError } from '@pipeguard/pipeline';
import { RUN_RESULT_FIELDS } from '@pipeguard/pipeline/options';
import { ptyUnavailable } from '@pipeguard/pty';
import * as z from 'zod';
import { findAllowedProgram } from '../allowed-program';
import { startCall } from '../command-start';
import { optionFieldShape, readOptionFields } from '../option-fields';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_MAX_BYTES,
  RUN_FIELD_NOTES,
  RUN_FIELD_SCHEMAS,
} from '../run-options';
import { ToolInputError } from '../tool-input-error';
import { commandReadSchema, formatCommandRead } from './format-command-read';
import { formatRunResult } from './format-run-result';
import { resultSchema } from './result-schema';
import type { ServerContext, Tool, ToolContext } from './tool';

/** `yield_ms` when the call gives none: 30 s, well below the 60 s a client SDK waits for an answer by default. */
export const DEFAULT_YIELD_MS = 30_000;

const inputSchema = z.strictObject({
  command: z
    .string()
    .min(1)
    .optional()
    .describe(
      'A shell command line (pipes, redirections, && allowed), run with `/bin/sh -c` or the shell the server was started with. Give either `command` or `argv`.',
    ),
  argv: z
    .array(z.string())
    .min(1)
    .optional()
    .describe(
      'The program and its arguments, run without a shell: no quoting, globbing or pipes. Give either `command` or `argv`.',
    ),
  ...optionFieldShape('run_command', RUN_FIELD_NOTES, RUN_FIELD_SCHEMAS),
  yield_ms: z
    .number()
    .int()
    .min(0)
    .max(600_000)
    .optional()
    .describe(
      `Milliseconds to wait for the command to end before answering. Default ${DEFAULT_YIELD_MS}. A command still running then (a server, a watcher, a long build) is kept running: the answer has its output so far and a session_id for read_output, write_input and stop_command. A command found waiting for input (a prompt, a password, a pager) is answered about at once, with the prompt.`,
    ),
});

// The result's fields come from the library's result table; timeout_ms and session_id are the server's own.
const outputSchema = resultSchema(RUN_RESULT_FIELDS).extend({
  session_id: z.string().optional().describe('Set when the command is still running: see read_output.'),
  timeout_ms: z.number().describe('The timeout the command ran with, after the server capped it.'),
});

type Input = z.infer<typeof inputSchema>;

/** Which program runs, with which arguments, after the allow-list and the shell are applied. */
async function resolveProgram(
  input: Input,
  server: ServerContext,
): Promise<{ file: string; args: string[]; display: string }> {
  if (input.command !== undefined && input.argv !== undefined) {
    throw new ToolInputError('command', 'and the "argv" input cannot both be given: use one of them');
  }
  if (input.argv !== undefined) {
    const [file, ...args] = input.argv as [string, ...string[]];
    if (file === '') throw new ToolInputError('argv', 'must start with a program name; argv[0] is empty');
    if (server.allow && !server.allow.includes(file)) {
      throw new ToolInputError(
        'argv',
        `names a program this server does not allow: "${file}" (allowed: ${server.allow.join(', ')})`,
      );
    }
    const found = server.allow ? await findAllowedProgram(file) : file;
    if (found === null) {
      throw new ToolInputError('argv', `names an allowed program not found in the server's PATH: "${file}"`);
    }
    return { file: found, args, display: input.argv.join(' ') };
  }
  if (input.command === undefined) throw new ToolInputError('command', 'is required (or give "argv")');
  if (server.allow) {
    throw new ToolInputError(
      'command',
      `is refused: this server runs only allowed programs (${server.allow.join(', ')}) given as "argv"`,
    );
  }
  return { file: server.shell, args: ['-c', input.command], display: input.command };
}

async function handle(server: ServerContext, input: Input, context: ToolContext) {
  const { file, args, display } = await resolveProgram(input, server);
  const { values, notes: deprecations } = readOptionFields('run_command', input);
  const { timeout, maxBytes, cwd: askedCwd, input: text, ...switches } = values;
  const cwd = await server.workingRoots.resolveDirectory((askedCwd as string | undefined) ?? '.', 'cwd');
  const given = input as Record<string, unknown>;
  const timeoutField = given.timeout_ms !== undefined ? 'timeout_ms' : 'timeout';
  if (timeout === null)
    throw new ToolInputError(timeoutField, 'must be a duration: the server runs nothing without one');
  const asked = (timeout as number | undefined) ?? DEFAULT_TIMEOUT_MS;
  const timeoutMs = Math.min(asked, server.maxTimeoutMs);
  if (maxBytes === null || (typeof maxBytes === 'number' && maxBytes > MAX_MAX_BYTES)) {
    throw new ToolInputError(
      'max_bytes',
      `must be at most ${MAX_MAX_BYTES} bytes (1MiB). Received ${JSON.stringify(given.max_bytes)}`,
    );
  }
  const notes = [
    ...deprecations,
    ...(asked > timeoutMs
      ? [`timeout ${asked} ms was capped to the server's limit of ${timeoutMs} ms.`]
      : []),
  ];
  // Checked here, before a slot, a spill file or a process exists: a failure after building any of them
  // would have to undo it.
  const noPty = switches.pty === true ? ptyUnavailable() : null;
  if (noPty !== null) throw new ToolInputError('pty', `cannot be used: ${noPty.message}`);
  const request = {
    cwd,
    timeoutMs,
    maxBytes: (maxBytes as number | undefined) ?? DEFAULT_MAX_BYTES,
    input: text as string | undefined,
    display,
    switches,
  };
  const send = context.sendProgress;
  const onProgress = send
    ? (elapsedMs: number, bytes: { stdout: number; stderr: number }, lastLine: string) =>
        send(
          Math.round(elapsedMs),
          timeoutMs,
          `running ${(elapsedMs / 1000).toFixed(1)} s: stdout ${bytes.stdout} bytes, stderr ${bytes.stderr} bytes; last line: ${lastLine}`,
        )
    : null;
  try {
    const call = await startCall(
      file,
      args,
      { ...request, yieldMs: input.yield_ms ?? DEFAULT_YIELD_MS },
      { environment: server.environment, commands: server.commands, signal: context.signal, onProgress },
    );
    if (call.kind === 'kept') return formatCommandRead(call.read, call.session);
    return formatRunResult(call.result, timeoutMs, notes);
  } catch (error) {
    if (error instanceof RunError)
      throw new ToolInputError(input.argv ? 'argv' : 'command', `cannot run: ${error.reason}`);
    if (error instanceof PtyUnavailableError)
      throw new ToolInputError('pty', `cannot be used: ${error.message}`);
    if (error instanceof AbortError)
      throw new Error('The command was cancelled; its process group was killed.');
    throw error;
  }
}

/** The `run_command` tool: runs a command and returns its output made safe and bounded. */
export function createRunCommandTool(server: ServerContext): Tool<typeof inputSchema> {
  return {
    name: 'run_command',
    title: 'Run a command',
    description:
      'Runs a command and returns its stdout and stderr as safe, bounded text: each stream keeps its head and tail ' +
      'around a marker saying how many bytes were left out; binary output is replaced by a one-line placeholder; ' +
      'the exit code or signal, whether it timed out, and its duration come with it. When output was truncated, the ' +
      'full raw output is in a file named by the marker and `spill_path`: page through it with read_lines or ' +
      'read_bytes instead of re-running the command. The command and everything it starts are killed on timeout or ' +
      'cancellation; a background process holding the output open does not delay the result. By default output is ' +
      'tidied for reading: progress bars drawn as their last frame, repeated lines folded, and error lines from a ' +
      'truncated middle kept as excerpts; render, fold_repeats and keep_matches turn these off, pty runs it on a terminal. ' +
      'A command still running after yield_ms (default 30 s), or waiting for input, comes back with a session_id: ' +
      'read_output reads on, write_input answers a prompt, stop_command ends it, list_commands lists them. ' +
      'A cancelled call gets no answer: its command is ended, its spill file removed, and what it printed is kept ' +
      'for read_output (list_commands shows it as cancelled).',
    inputSchema,
    outputSchema: outputSchema.partial().extend(commandReadSchema.partial().shape),
    readOnly: false,
    handle: (input, context) => handle(server, input, context),
  };
}
