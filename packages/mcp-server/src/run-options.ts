import type { RunOptions } from '@pipeguard/pipeline';
import * as z from 'zod';

/** The longest `keep_matches` text a call may give, in characters. */
export const MAX_KEEP_MATCHES_CHARS = 200;

/**
 * The output profile's switches a model may set on `run_command`, each with its schema (what the model
 * reads) and the `run()` option it sets. Mapping them here, and only here, keeps the tool's fields and
 * the pipeline's options from drifting apart.
 */
const PROFILE_SWITCHES = {
  render: {
    option: 'render',
    schema: z
      .enum(['terminal', 'raw'])
      .describe(
        "Default 'terminal': output is shown as a terminal would finally draw it (a progress bar or spinner redrawn with carriage returns collapses to its last frame; colour codes removed). Use 'raw' to see every byte as written, e.g. to inspect escape sequences or each intermediate frame; the spill file is always raw.",
      ),
  },
  fold_repeats: {
    option: 'foldRepeats',
    schema: z
      .boolean()
      .describe(
        'Default true: a run of identical consecutive lines is shown once with "[previous line repeated N more times]". Set false when you need every repeated line, e.g. to count them.',
      ),
  },
  keep_matches: {
    option: 'keepMatches',
    schema: z
      .union([
        z.boolean(),
        z
          .string()
          .min(1)
          .max(MAX_KEEP_MATCHES_CHARS)
          .regex(/^[^\n\r]*$/, 'must be one line: no line feed or carriage return'),
      ])
      .describe(
        'Default true: when output is truncated, lines from the omitted middle that look like errors (error, FAIL, Traceback, panic, ...) are kept as excerpts "[line N, byte B] text" with a little context, within max_bytes. A string instead keeps lines containing that exact text (case-sensitive, not a regex), e.g. "AssertionError". Set false to give all of max_bytes to the head and tail.',
      ),
  },
  pty: {
    option: 'pty',
    schema: z
      .boolean()
      .describe(
        'Default false. Set true to run the command in a pseudo-terminal, for programs that buffer output, hide progress or colour, or refuse to run when not on a terminal. Then stdout and stderr are merged into stdout, in their true order (stderr is empty and `stderr_merged` is true); keep it off when you need to tell them apart.',
      ),
  },
} as const;

type SwitchName = keyof typeof PROFILE_SWITCHES;

const SWITCH_NAMES = Object.keys(PROFILE_SWITCHES) as SwitchName[];

/**
 * The `run()` options every command starts from, before the call's own fields: the agent profile
 * (rendered, folded, error excerpts kept, head and tail cut at line ends); `max_bytes` replaces its budget.
 */
const PROFILE: RunOptions = { profile: 'agent' };

/** The zod shape of the profile switches, spread into `run_command`'s input schema. */
export const profileSwitchShape = Object.fromEntries(
  SWITCH_NAMES.map((name) => [name, PROFILE_SWITCHES[name].schema.optional()]),
) as Record<string, z.ZodOptional<z.ZodType>>;

/** What one `run_command` call asks for, already validated and confined. */
export interface CommandRequest {
  /** The real path of the working directory, within a root. */
  cwd: string;
  timeoutMs: number;
  maxBytes: number;
  stdin: string | undefined;
  /** The command as the model gave it, for the binary placeholder's redirect hint. */
  display: string;
  /** The call's values of the profile switches, by field name. */
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

/** Maps a call onto `run()` options: the profile, then the call's fields, then the server's own settings. */
export function toRunOptions(request: CommandRequest, context: RunContext): RunOptions {
  const switches: Record<string, unknown> = {};
  for (const name of SWITCH_NAMES) {
    const value = request.switches[name];
    if (value !== undefined) switches[PROFILE_SWITCHES[name].option] = value;
  }
  return {
    ...PROFILE,
    ...switches,
    maxBytes: request.maxBytes,
    command: request.display,
    cwd: request.cwd,
    timeout: request.timeoutMs,
    ...(request.stdin === undefined ? {} : { input: request.stdin }),
    spill: context.spillDirectory,
    spillMaxBytes: context.spillMaxBytes,
    signal: context.signal,
    // The server's flag, after the call's fields: no tool argument reaches it.
    ...(context.redact ? {} : { redact: false }),
  };
}
