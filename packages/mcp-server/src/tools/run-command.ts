import { AbortError, PtyUnavailableError, RunError } from '@pipeguard/pipeline';
import * as z from 'zod';
import { findAllowedProgram } from '../allowed-program';
import { startCall } from '../command-start';
import { MAX_PATH_CHARS } from '../path-confinement';
import { ptyUnavailable } from '../pty-availability';
import { profileSwitchShape } from '../run-options';
import { ToolInputError } from '../tool-input-error';
import { commandReadSchema, formatCommandRead } from './format-command-read';
import { formatRunResult } from './format-run-result';
import type { ServerContext, Tool, ToolContext } from './tool';

/** `timeout_ms` when the call gives none: two minutes. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** `max_bytes` when the call gives none: 32 KiB per stream. */
export const DEFAULT_MAX_BYTES = 32 * 1024;
/** `yield_ms` when the call gives none: 30 s, well below the 60 s a client SDK waits for an answer by default. */
export const DEFAULT_YIELD_MS = 30_000;
/** The largest `max_bytes` a call may ask for: 1 MiB per stream. */
export const MAX_MAX_BYTES = 1024 * 1024;
/** The longest `stdin` a call may give, in characters: a waiting call holds it, so it stays small. */
export const MAX_STDIN_CHARS = 1024 * 1024;

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
  cwd: z
    .string()
    .max(MAX_PATH_CHARS)
    .optional()
    .describe(
      "Working directory, within the server's roots; a relative path starts at the first root. Default: the first root.",
    ),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      `Milliseconds before the command and everything it started are killed. Default ${DEFAULT_TIMEOUT_MS}; the server caps it (--max-timeout).`,
    ),
  stdin: z
    .string()
    .max(MAX_STDIN_CHARS)
    .optional()
    .describe(
      `Text written to the standard input, at most ${MAX_STDIN_CHARS} characters (for more, write a file and redirect it). Without it stdin is empty, so a command that reads input ends at once; with pty, the terminal stays open instead: a command found waiting on it comes back at once with its prompt and a session_id to answer with write_input.`,
    ),
  max_bytes: z
    .number()
    .int()
    .min(0)
    .max(MAX_MAX_BYTES)
    .optional()
    .describe(
      `Bytes of each stream shown (stdout and stderr separately), head and tail kept around a marker that says how much was left out and where the full output is. Default ${DEFAULT_MAX_BYTES}.`,
    ),
  yield_ms: z
    .number()
    .int()
    .min(0)
    .max(600_000)
    .optional()
    .describe(
      `Milliseconds to wait for the command to end before answering. Default ${DEFAULT_YIELD_MS}. A command still running then (a server, a watcher, a long build) is kept running: the answer has its output so far and a session_id for read_output, write_input and stop_command. A command found waiting for input (a prompt, a password, a pager) is answered about at once, with the prompt.`,
    ),
  ...profileSwitchShape,
});

const streamSchema = z.object({
  text: z.string().describe('The output as shown: kept text, truncation marker, binary placeholder.'),
  bytes: z.number().describe('Raw bytes the command wrote to the stream.'),
  kept_bytes: z.number(),
  omitted_bytes: z.number(),
  truncated: z.boolean(),
  binary_withheld: z.boolean().describe('Binary output was replaced by a one-line placeholder.'),
  spill_path: z
    .string()
    .nullable()
    .describe('When truncated: the file with the raw output, readable with read_bytes and read_lines.'),
  matched_lines: z.number().describe('Lines of the omitted middle that matched keep_matches.'),
  kept_matched_lines: z.number().describe('How many of those are shown as "[line N, byte B]" excerpts.'),
  folded_bytes: z.number().describe('Bytes fold_repeats removed (repeated lines less the notices).'),
  rendered_bytes: z
    .number()
    .nullable()
    .describe("Bytes after terminal rendering, what max_bytes is spent on; null with render 'raw'."),
});

const outputSchema = z.object({
  session_id: z.string().optional().describe('Set when the command is still running: see read_output.'),
  exit_code: z.number().nullable(),
  signal: z.string().nullable(),
  timed_out: z.boolean(),
  duration_ms: z.number(),
  timeout_ms: z.number(),
  pipes_held_after_exit: z.boolean(),
  stderr_merged: z.boolean().describe('With pty: stdout holds both streams in order and stderr is empty.'),
  stdout: streamSchema,
  stderr: streamSchema,
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
  const cwd = await server.workingRoots.resolveDirectory(input.cwd ?? '.', 'cwd');
  const asked = input.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const timeoutMs = Math.min(asked, server.maxTimeoutMs);
  const notes =
    asked > timeoutMs ? [`timeout_ms ${asked} was capped to the server's limit of ${timeoutMs}.`] : [];
  // Checked here, before a slot, a spill file or a process exists: a failure after building any of them
  // would have to undo it.
  const noPty = (input as { pty?: unknown }).pty === true ? ptyUnavailable() : null;
  if (noPty !== null) throw new ToolInputError('pty', `cannot be used: ${noPty.message}`);
  const switches = Object.fromEntries(
    Object.keys(profileSwitchShape).map((name) => [name, (input as Record<string, unknown>)[name]]),
  );
  const request = {
    cwd,
    timeoutMs,
    maxBytes: input.max_bytes ?? DEFAULT_MAX_BYTES,
    stdin: input.stdin,
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
      'read_output reads on, write_input answers a prompt, stop_command ends it, list_commands lists them.',
    inputSchema,
    outputSchema: outputSchema.partial().extend(commandReadSchema.partial().shape),
    readOnly: false,
    handle: (input, context) => handle(server, input, context),
  };
}
