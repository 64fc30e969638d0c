import { AGENT_PROFILE, type RunOptions } from '@pipeguard/pipeline';
import * as z from 'zod';
import { MAX_PATH_CHARS } from './path-confinement';

/** The longest `input` a call may give, in characters: a waiting call holds it, so it stays small. */
export const MAX_INPUT_CHARS = 1024 * 1024;
/** The longest `keep_matches` text a call may give, in characters. */
export const MAX_KEEP_MATCHES_CHARS = 200;
/** `timeout` when the call gives none: two minutes. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** `max_bytes` when the call gives none: the agent profile's budget, 30 000 bytes per stream. */
export const DEFAULT_MAX_BYTES = AGENT_PROFILE.maxBytes;
/** The largest `max_bytes` a call may ask for: 1 MiB per stream. */
export const MAX_MAX_BYTES = 1024 * 1024;

/** The schemas of `run_command`'s option fields that a kind cannot say. */
export const RUN_FIELD_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  keepMatches: z.union([
    z.boolean(),
    z
      .string()
      .min(1)
      .max(MAX_KEEP_MATCHES_CHARS)
      .regex(/^[^\n\r]*$/, 'must be one line: no line feed or carriage return'),
  ]),
  pty: z.boolean(),
  cwd: z.string().max(MAX_PATH_CHARS),
  input: z.string().max(MAX_INPUT_CHARS),
};

/** What a model reads about each of `run_command`'s option fields beyond the row's doc. */
export const RUN_FIELD_NOTES: Readonly<Record<string, string>> = {
  maxBytes: `Each stream (stdout and stderr separately) keeps its head and tail around a marker that says how much was left out and where the full output is. Default ${DEFAULT_MAX_BYTES}, at most ${MAX_MAX_BYTES}.`,
  render:
    "Default 'terminal': a progress bar or spinner redrawn with carriage returns collapses to its last frame; colour codes removed. Use 'raw' to see every byte as written, e.g. to inspect escape sequences or each intermediate frame; the spill file is always raw.",
  foldRepeats: 'Default true. Set false when you need every repeated line, e.g. to count them.',
  keepMatches:
    'Default true: lines from the omitted middle that look like errors (error, FAIL, Traceback, panic, ...) are kept as excerpts "[line N, byte B] text" with a little context, within max_bytes. A string keeps lines containing that exact text (case-sensitive, not a regex), e.g. "AssertionError". Set false to give all of max_bytes to the head and tail.',
  timeout: `The command and everything it started are killed then. Default ${DEFAULT_TIMEOUT_MS} (2m); the server caps it (--max-timeout).`,
  cwd: "Within the server's roots; a relative path starts at the first root. Default: the first root.",
  input: `Text, at most ${MAX_INPUT_CHARS} characters (for more, write a file and redirect it). Without it stdin is empty, so a command that reads input ends at once; with pty, the terminal stays open instead: a command found waiting on it comes back at once with its prompt and a session_id to answer with write_input.`,
  pty: 'Default false. Set true for programs that buffer output, hide progress or colour, or refuse to run when not on a terminal. Then stdout and stderr are merged into stdout, in their true order (stderr is empty and `stderr_merged` is true); keep it off when you need to tell them apart.',
};

/** What one `run_command` call asks for, already validated and confined. */
export interface CommandRequest {
  /** The real path of the working directory, within a root. */
  cwd: string;
  timeoutMs: number;
  maxBytes: number;
  /** Text for the command's stdin. */
  input: string | undefined;
  /** The command as the model gave it, for the binary placeholder's redirect hint. */
  display: string;
  /** The call's output options (render, foldRepeats, keepMatches, pty), by library key. */
  switches: Readonly<Record<string, unknown>>;
}

/** Where a run's raw output may be spilled, and the signal that cancels it. */
export interface RunContext {
  spillDirectory: string;
  spillMaxBytes: number;
  signal: AbortSignal;
  /** Whether the server redacts (the agent profile's default); `false` only with `--no-redact`. */
  redact: boolean;
}

/**
 * Maps a call onto `run()` options: the agent profile (rendered, folded, error excerpts kept, head and tail
 * cut at line ends), then the call's fields, then the server's own settings.
 */
export function toRunOptions(request: CommandRequest, context: RunContext): RunOptions {
  return {
    profile: 'agent',
    ...request.switches,
    maxBytes: request.maxBytes,
    command: request.display,
    cwd: request.cwd,
    timeout: request.timeoutMs,
    ...(request.input === undefined ? {} : { input: request.input }),
    spill: context.spillDirectory,
    spillMaxBytes: context.spillMaxBytes,
    signal: context.signal,
    // The server's flag, after the call's fields: no tool argument reaches it.
    ...(context.redact ? {} : { redact: false }),
  };
}
