import type { CommandRead } from '@pipeguard/pipeline';
import { CAPTURE_RESULT_FIELDS } from '@pipeguard/pipeline/options';
import * as z from 'zod';
import type { CommandSession } from '../command-sessions';
import { section, viewOf } from './format-run-result';
import { resultSchema } from './result-schema';

/** The structured content of a read of a kept command (`read_output`, `write_input`, a yielded `run_command`). */
export const commandReadSchema = z.object({
  session_id: z.string().describe('The id to give read_output, write_input and stop_command.'),
  running: z.boolean().describe('Whether the command still runs; false once its end has been read.'),
  state: z.enum(['running', 'waiting-for-input', 'exited']),
  exit_code: z.number().nullable(),
  signal: z.string().nullable(),
  input_wait: z
    .object({
      prompt: z.string().describe('The last partial line: what the command asks.'),
      since: z.number().describe('When the wait began, in milliseconds since the epoch.'),
      secret: z.boolean().describe('It likely asks for a password or another secret.'),
      summary: z.string().describe('How the wait was judged.'),
    })
    .nullable()
    .describe('Set when the command is blocked waiting for input: answer with write_input, or stop_command.'),
  unsettled: z
    .object({ stdout: z.string(), stderr: z.string() })
    .describe(
      "Per stream, the text at the end of what the reads have shown that may still change (a terminal's rows, a line not yet ended, a run of repeats with its count so far): the next read shows it again as it then stands, less its first `unchanged` characters.",
    ),
  unchanged: z
    .object({ stdout: z.number(), stderr: z.number() })
    .describe(
      "Per stream, characters at the start of the last read's `unsettled` text that stand as they were and this read does not show again: a transcript drops the last `unsettled` after that many characters, then appends this read's text.",
    ),
  stdout_range: z
    .object({ start: z.number(), end: z.number() })
    .describe('Raw stdout bytes this read covers.'),
  stderr_range: z.object({ start: z.number(), end: z.number() }),
  stdout: resultSchema(CAPTURE_RESULT_FIELDS),
  stderr: resultSchema(CAPTURE_RESULT_FIELDS),
});

function describeState(read: CommandRead, session: CommandSession): string {
  const seconds = ((Date.now() - session.startedAt) / 1000).toFixed(1);
  if (read.running && read.inputWait !== null) {
    const { prompt, evidence } = read.inputWait;
    return (
      `Still running after ${seconds} s and waiting for input (session_id ${session.id}): it asks ${JSON.stringify(prompt)}` +
      `${evidence.secret ? ' (likely a secret)' : ''}. Answer with write_input, or end it with stop_command.`
    );
  }
  if (read.running) {
    return `Still running after ${seconds} s (session_id ${session.id}): read more with read_output, end it with stop_command.`;
  }
  const end = read.signal === null ? `exit code ${read.exitCode}` : `killed by ${read.signal}`;
  if (session.cancelled) {
    return `Cancelled: its run_command call was cancelled and its process group killed (${end}); its spill file is removed. What it printed:`;
  }
  return `Ended after ${seconds} s: ${end}.`;
}

/** The text the model reads and the structured content of one read of a kept command. */
export function formatCommandRead(
  read: CommandRead,
  session: CommandSession,
): { content: string[]; structured: Record<string, unknown> } {
  // A cancelled call's spill file went with it: no path names it.
  const spilled = session.directory !== null;
  const stdout = viewOf(read.stdout, spilled);
  const stderr = viewOf(read.stderr, spilled);
  const body = [section(stdout, 'stdout'), ...(stderr.bytes > 0 ? [section(stderr, 'stderr')] : [])];
  const wait = read.inputWait;
  return {
    content: [`${describeState(read, session)}\n\n${body.join('\n')}`],
    structured: {
      session_id: session.id,
      running: read.running,
      state: read.state,
      exit_code: read.exitCode,
      signal: read.signal,
      input_wait:
        wait === null
          ? null
          : {
              prompt: wait.prompt,
              since: wait.since,
              secret: wait.evidence.secret,
              summary: wait.evidence.summary,
            },
      unsettled: read.unsettled,
      unchanged: read.unchanged,
      stdout_range: read.ranges.stdout,
      stderr_range: read.ranges.stderr,
      stdout,
      stderr,
    },
  };
}
