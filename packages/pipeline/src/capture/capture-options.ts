import { describeReceived, signalNumbers, validateOptionsObject, validateString } from '@pipeguard/shared';
import { type LiveLinesQueueOptions, resolveLiveLinesOption } from '../live/live-queue-options';
import { AGENT_PROFILE } from '../preset/agent-profile';
import { type OptionRow, optionKeysOf, optionRow, readOptionValue } from '../preset/option-table';
import type { PipelineOptions } from '../preset/pipeline-options';
import { resolveRedactOption, withCommandEnvironment } from '../preset/redact-option';

export type { LiveLinesQueueOptions } from '../live/live-queue-options';

/** Milliseconds, or text with a unit as every surface takes it: `1500`, `'1500ms'`, `'30s'`, `'2m'`. */
export type Duration = number | string;

/** Options of {@link capture}: the pipeline's options for each stream, plus process handling. */
export interface CaptureOptions extends Omit<PipelineOptions, 'label' | 'live'> {
  /** Time before the process (group) is killed (a number is milliseconds); `null` waits forever. @defaultValue `null` */
  timeout?: Duration | null;
  /** Signal sent first on timeout or cancellation. @defaultValue `'SIGTERM'` */
  killSignal?: NodeJS.Signals;
  /** Time between `killSignal` and SIGKILL (a number is milliseconds). @defaultValue `2000` */
  killGrace?: Duration;
  /**
   * Time to wait (a number is milliseconds), after the child exits, for its pipes to close; then they are closed, and with
   * `processGroup` what is left of the group is killed (a setsid escapee gets EPIPE instead). @defaultValue `250`
   */
  pipeGrace?: Duration;
  /** Cancels the run: the same clean-up as a timeout, then the promise rejects with an `AbortError`. @defaultValue none (not cancellable) */
  signal?: AbortSignal;
  /**
   * Also capture both streams as one, bounded the same way: `run()` gives the command one pipe for both
   * (as `2>&1`), so they are in the order written, and `stdout` then counts both (`stderr` is empty and
   * `stderrMerged` is true); `capture()` of a child with two pipes interleaves them in arrival order.
   * @defaultValue `false`
   */
  all?: boolean;
  /**
   * Signal the child's whole process group (spawned with `detached: true`), not only the child.
   * @defaultValue `false` for {@link capture}, `true` for `run()`
   */
  processGroup?: boolean;
  /**
   * Hand each stream's decoded (and, when rendering, rendered) lines to `running.lines` as they arrive;
   * an object sets the queue's caps. Off, there is no live view and it costs nothing. @defaultValue `false`
   */
  liveLines?: boolean | LiveLinesQueueOptions;
}

/** The keys {@link capture} accepts: the pipeline's but `label` and `live` (each stream has its own), and its own. */
export const CAPTURE_OPTION_KEYS = optionKeysOf('capture');

/** Capture options with every default filled in (the caller's object is never changed). */
export interface ResolvedCaptureOptions {
  pipeline: Omit<PipelineOptions, 'label'>;
  timeout: number | null;
  killSignal: NodeJS.Signals;
  killGrace: number;
  pipeGrace: number;
  signal: AbortSignal | undefined;
  all: boolean;
  processGroup: boolean;
  /** The live lines' queue caps, or `null` for no live lines. */
  liveLines: LiveLinesQueueOptions | null;
}

/**
 * Validates the process-handling options; the pipeline options are validated by building the pipelines.
 * With `redact` (or `profile: 'agent'`), the redactor's `env` gets `commandEnv`, the environment the
 * command was given, under the caller's own `env` entries.
 * @throws TypeError for an unknown key or a wrong type, RangeError for a wrong value.
 */
export function resolveCaptureOptions(
  options: CaptureOptions | undefined,
  commandEnv: Readonly<Record<string, string | undefined>> = process.env,
): ResolvedCaptureOptions {
  validateOptionsObject(options, CAPTURE_OPTION_KEYS);
  const {
    timeout,
    killSignal = 'SIGTERM',
    killGrace,
    pipeGrace,
    signal,
    all,
    processGroup,
    liveLines = false,
    ...pipelineOptions
  } = options ?? {};
  const profileRedacts = pipelineOptions.profile === 'agent' && AGENT_PROFILE.redact;
  const redact = withCommandEnvironment(
    resolveRedactOption(pipelineOptions.redact, profileRedacts),
    commandEnv,
  );
  const pipeline = { ...pipelineOptions, redact: redact ?? false };
  validateString('killSignal', killSignal);
  if (!isSignalName(killSignal)) {
    throw new RangeError(
      `The "killSignal" option must be a signal name such as 'SIGTERM'. Received '${killSignal}'`,
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(
      `The "signal" option must be an instance of AbortSignal. Received ${describeReceived(signal)}`,
    );
  }
  const live = resolveLiveLinesOption('liveLines', liveLines);
  return {
    pipeline,
    timeout: readOwn('timeout', timeout) as number | null,
    killSignal,
    killGrace: readOwn('killGrace', killGrace) as number,
    pipeGrace: readOwn('pipeGrace', pipeGrace) as number,
    signal,
    all: readOwn('all', all) as boolean,
    processGroup: readOwn('processGroup', processGroup) as boolean,
    liveLines: live,
  };
}

/** A capture option as given, or its default, read by its row of the option table. */
function readOwn(key: string, value: unknown): unknown {
  const row = optionRow('capture', key) as OptionRow;
  return readOptionValue(row, value === undefined ? row.defaultValue : value);
}

/**
 * Whether `name` is a signal of this platform. The default, SIGTERM, is one everywhere: it is not looked
 * up, so that a run with it does not load the table (see {@link signalNumbers}).
 */
function isSignalName(name: string): boolean {
  return name === 'SIGTERM' || name in signalNumbers();
}
