import type { RunOptions } from '@pipeguard/pipeline';
import * as z from 'zod';

/**
 * The output profile's switches a model may set on `run_command`, each with its schema (what the model
 * reads) and the `run()` option it sets. Mapping them here, and only here, keeps the tool's fields and
 * the pipeline's options from drifting apart.
 */
const PROFILE_SWITCHES = {
  render: {
    option: 'render',
    schema: z
      .enum(['plain', 'terminal'])
      .describe(
        "'terminal' replays carriage returns and cursor movement as a terminal would, so progress bars and spinners collapse to their final state; 'plain' shows the bytes as written.",
      ),
  },
  fold_repeats: {
    option: 'foldRepeats',
    schema: z.boolean().describe('Fold runs of repeated or near-identical lines into one line with a count.'),
  },
  keep_matches: {
    option: 'keepMatches',
    schema: z
      .boolean()
      .describe(
        'Keep lines that look like errors or warnings from the omitted middle of a long output, as excerpts.',
      ),
  },
  pty: {
    option: 'pty',
    schema: z
      .boolean()
      .describe(
        'Run the command in a pseudo-terminal, for programs that only print progress or colour to a terminal.',
      ),
  },
} as const;

type SwitchName = keyof typeof PROFILE_SWITCHES;

/** The switches `run()` accepts in this build: a name is added here once its option exists in the pipeline. */
const AVAILABLE_SWITCHES: readonly SwitchName[] = [];

/** The `run()` options every command starts from (the output profile), before the call's own fields. */
const PROFILE: RunOptions = { keep: 'both' };

/** The zod shape of the available switches, spread into `run_command`'s input schema. */
export const profileSwitchShape = Object.fromEntries(
  AVAILABLE_SWITCHES.map((name) => [name, PROFILE_SWITCHES[name].schema.optional()]),
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
  /** The call's values of the available profile switches, by field name. */
  switches: Readonly<Record<string, unknown>>;
}

/** Where a run's raw output may be spilled, and the signal that cancels it. */
export interface RunContext {
  spillDirectory: string;
  spillMaxBytes: number;
  signal: AbortSignal;
}

/** Maps a call onto `run()` options: the profile, then the call's fields, then the server's own settings. */
export function toRunOptions(request: CommandRequest, context: RunContext): RunOptions {
  const switches: Record<string, unknown> = {};
  for (const name of AVAILABLE_SWITCHES) {
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
  };
}
